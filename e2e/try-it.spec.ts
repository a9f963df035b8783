import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { startNewApiEmulator } from './emulators/new-api';
import type { EmulatorHandle, NewApiToken } from './emulators/gateway/types';
import { ADMIN_KEY, connected, createToken, getToken, unique } from './support/app';
import { ACCESS_TOKEN, connectToGateway } from './support/gateway';
import { startService, type RunningService } from './support/service';
import { ensureEchoModel, longMessage, setQuota } from './support/try-it';

/**
 * Try it: a token's key used as its clients use it, from its details and on the Playground,
 * against this service's gateway (the built-in echo upstream answers `demo-echo`) and, through
 * proxy mode, against new-api's relay.
 */
const auth = (key = ADMIN_KEY) => ({ Authorization: `Bearer ${key}` });

async function createAdminKey(request: APIRequestContext, role: string) {
  const response = await request.post('/api/admin-key/', {
    headers: auth(),
    data: { name: unique(role), role },
  });
  return ((await response.json()) as { data: { key: string } }).data.key;
}

/** The units in a figure written "$0.99 (495,000 units)". */
async function unitsIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const match = /\(([\d,]+) units\)/.exec(text);
  if (!match) throw new Error(`no units in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

const quotaLeft = (place: Locator) => place.getByRole('status', { name: 'Quota left' });

/**
 * Sends a message and watches its answer stream in: the texts seen before it ended, the final
 * answer, and the cost its facts give, in units.
 */
async function sendAndWatch(place: Locator, message: string, model = 'demo-echo') {
  const box = place.getByRole('textbox', { name: 'Message' });
  await box.fill(message);
  await box.press('Enter');
  const answer = place.getByRole('article', { name: `Answer (${model})` }).last();
  const seen = new Set<string>();
  await expect(async () => {
    const text = (await answer.textContent()) ?? '';
    seen.add(text);
    expect(text).toContain('read back from the token’s used quota');
  }).toPass({ intervals: [5], timeout: 20_000 });
  const final = `Echo: ${message}`;
  await expect(answer).toContainText(final);
  const partial = [...seen].filter((text) => text.includes('Echo:') && !text.includes(final));
  return { answer, partial, cost: await unitsIn(answer.getByText(/^Cost /)) };
}

const LONG = longMessage(40);

test.describe('Try it on this service', () => {
  test.beforeAll(async ({ request }) => {
    await ensureEchoModel(request);
  });

  test('streams an answer in the details, and the quota falls by exactly the cost shown', async ({
    page,
    request,
  }) => {
    const name = unique('Tried');
    const token = await createToken(request, { name, remain_quota: 500_000 });
    await connected(page);
    await page.goto(`/?details=${token.id}`);
    const drawer = page.getByRole('dialog', { name: `Token: ${name}` });
    await drawer.getByRole('button', { name: 'Try it' }).click();
    await expect(drawer.getByRole('button', { name: 'Back to details' })).toBeFocused();
    await expect(drawer.getByRole('combobox', { name: 'Model' })).toHaveValue('demo-echo');
    const before = await unitsIn(quotaLeft(drawer));
    expect(before).toBe(500_000);

    const first = await sendAndWatch(drawer, LONG);
    // The answer came word by word: at least two different partial answers were on screen.
    expect(first.partial.length).toBeGreaterThanOrEqual(2);
    await expect(first.answer).toContainText(/\d+ prompt \+ 41 completion tokens/);
    expect(first.cost).toBeGreaterThan(0);
    await expect.poll(() => unitsIn(quotaLeft(drawer))).toBe(before - first.cost);
    const stored = await getToken(request, token.id);
    expect(stored.used_quota).toBe(first.cost);
    expect(stored.remain_quota).toBe(before - first.cost);

    // A second message is sent with the first and its answer.
    const second = await sendAndWatch(drawer, 'and again');
    await expect.poll(() => unitsIn(quotaLeft(drawer))).toBe(before - first.cost - second.cost);
    expect((await getToken(request, token.id)).used_quota).toBe(first.cost + second.cost);

    await drawer.getByRole('button', { name: 'Back to details' }).click();
    await expect(drawer.getByRole('button', { name: 'Try it' })).toBeFocused();
    // The details' usage figures count the two replies too, without reopening them.
    await expect(drawer.getByText('Requests', { exact: true }).first()).toBeVisible();
    await expect(drawer.getByText('Nothing was spent or requested in this range.')).toBeHidden();

    // The key was revealed once, recorded in the audit, and kept out of the activity log.
    const audit = await request.get(`/api/audit/?token_id=${token.id}&action=token.reveal`, {
      headers: auth(),
    });
    expect(((await audit.json()) as { data: { total: number } }).data.total).toBe(1);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Activity' }).click();
    const activity = page.getByRole('dialog', { name: 'Activity' });
    await expect(activity.getByText('/v1/chat/completions').first()).toBeVisible();
    expect(await activity.textContent()).not.toContain(token.key.slice(4, -4));
  });

  test('a token emptied through the API is refused with what to do, and may be given quota', async ({
    page,
    request,
  }) => {
    const name = unique('Emptied');
    const token = await createToken(request, { name, remain_quota: 500_000 });
    await connected(page);
    await page.goto(`/?view=playground&try=${token.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('combobox', { name: 'Model' })).toHaveValue('demo-echo');
    await sendAndWatch(main, 'hello');

    await setQuota(request, token.id, 0);
    const box = main.getByRole('textbox', { name: 'Message' });
    await box.fill('one more');
    await box.press('Enter');
    const refusal = main.getByRole('alert').filter({ hasText: 'Insufficient quota' });
    await expect(refusal).toContainText('Insufficient quota — add quota to this token');
    await expect(refusal).toContainText('The client gets HTTP 429 · insufficient_quota');
    // The refused message is back in the box, to send again once the token has quota.
    await expect(box).toHaveValue('one more');
    await expect(quotaLeft(main)).toContainText('(0 units)');
    await refusal.getByRole('button', { name: 'Edit token…' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit token' })).toBeVisible();
  });

  test('Stop ends an answer midway: what came stays, and the quota falls by what it cost', async ({
    page,
    request,
  }) => {
    const name = unique('Stopped');
    const token = await createToken(request, { name, remain_quota: 500_000 });
    await connected(page);
    await page.goto(`/?view=playground&try=${token.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('combobox', { name: 'Model' })).toHaveValue('demo-echo');
    const before = await unitsIn(quotaLeft(main));
    const long = longMessage(300, 'w');
    const box = main.getByRole('textbox', { name: 'Message' });
    await box.fill(long);
    await box.press('Enter');
    const answer = main.getByRole('article', { name: 'Answer (demo-echo)' });
    await expect(answer).toContainText('w5 ');
    await main.getByRole('button', { name: 'Stop' }).click();
    await expect(answer.getByText('Stopped', { exact: true })).toBeVisible();
    await expect(answer).toContainText('read back from the token’s used quota');
    expect(await answer.textContent()).not.toContain('w300');
    const cost = await unitsIn(answer.getByText(/^Cost /));
    expect(cost).toBeGreaterThan(0);
    await expect.poll(() => unitsIn(quotaLeft(main))).toBe(before - cost);
    expect((await getToken(request, token.id)).used_quota).toBe(cost);
    // The box is free for the next message.
    await expect(main.getByRole('button', { name: 'Send' })).toBeVisible();
  });

  test('a key at its requests per minute is refused the next, with when to retry', async ({
    page,
    request,
  }) => {
    const name = unique('Limited');
    const token = await createToken(request, { name, remain_quota: 500_000 });
    // Two: listing the key's models is one of its requests, the first message the other.
    const limited = await request.put('/api/token/', {
      headers: auth(),
      data: { id: token.id, rpm_limit: 2 },
    });
    expect(limited.ok()).toBe(true);
    await connected(page);
    await page.goto(`/?view=playground&try=${token.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('combobox', { name: 'Model' })).toHaveValue('demo-echo');
    await sendAndWatch(main, 'first');
    const box = main.getByRole('textbox', { name: 'Message' });
    await box.fill('second');
    await box.press('Enter');
    const refusal = main.getByRole('alert').filter({ hasText: 'Rate limited' });
    await expect(refusal).toContainText(/Rate limited — retry in \d+ s/);
    await expect(refusal).toContainText('The client gets HTTP 429 · rate_limit_exceeded');
    await expect(box).toHaveValue('second');
  });

  for (const role of ['viewer', 'operator']) {
    test(`${role === 'viewer' ? 'a' : 'an'} ${role} key sees Try it off, and why`, async ({
      page,
      request,
    }) => {
      const name = unique('Not tried');
      const token = await createToken(request, { name, remain_quota: 1_000 });
      const key = await createAdminKey(request, role);
      await connected(page, undefined, key);
      await page.goto(`/?details=${token.id}`);
      const drawer = page.getByRole('dialog', { name: `Token: ${name}` });
      const tryIt = drawer.getByRole('button', { name: 'Try it' });
      await expect(tryIt).toBeDisabled();
      const shown = `${role[0]!.toUpperCase()}${role.slice(1)}`;
      const why = `Trying a token needs its whole key, and your key (${shown}) may not reveal keys.`;
      await expect(tryIt).toHaveAccessibleDescription(why);
      await drawer.getByRole('button', { name: 'Close' }).click();
      await page.goto(`/?view=playground&try=${token.id}`);
      await expect(page.getByRole('main').getByText(why)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    });
  }

  test('the Playground’s token search offers a name typed whole before longer ones', async ({
    page,
    request,
  }) => {
    const prefix = unique('Customer');
    // The oldest first: the ten newest matches are the longer names.
    for (const n of [1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]) {
      await createToken(request, { name: `${prefix} ${n}`, remain_quota: 500_000 });
    }
    await connected(page);
    await page.goto('/?view=playground');
    const picker = page.getByRole('main').getByRole('combobox', { name: 'Token' });
    await picker.click();
    await picker.fill(`${prefix} 1`);
    await expect(page.getByRole('option', { name: `${prefix} 1`, exact: true })).toBeVisible();
    await page.getByRole('option', { name: `${prefix} 1`, exact: true }).click();
    await expect(picker).toHaveValue(`${prefix} 1`);
  });

  test('the Playground at 390 px keeps the composer in view and sends', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const name = unique('Phone');
    const token = await createToken(request, { name, remain_quota: 500_000 });
    await connected(page);
    await page.goto(`/?view=playground&try=${token.id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('combobox', { name: 'Model' })).toHaveValue('demo-echo');
    const box = main.getByRole('textbox', { name: 'Message' });
    const inView = async (locator: Locator) => {
      const where = (await locator.boundingBox())!;
      expect(where.y).toBeGreaterThan(0);
      // Above the navigation along the phone's foot.
      expect(where.y + where.height).toBeLessThanOrEqual(844 - 56);
    };
    await inView(box);
    for (const message of ['first message', 'second message', longMessage(120)]) {
      await sendAndWatch(main, message);
    }
    // And a refusal under them, once the token is emptied.
    await setQuota(request, token.id, 0);
    await box.fill('one more');
    await box.press('Enter');
    await expect(main.getByRole('alert').filter({ hasText: 'Insufficient quota' })).toBeVisible();
    // A long conversation scrolls inside its box, all of it: the page itself does not scroll,
    // and the composer stays where it was.
    await inView(box);
    await expect(main.getByRole('button', { name: 'Send' })).toBeInViewport();
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(
      844,
    );
  });
});

test.describe('Try it through proxy mode on new-api', () => {
  let emulator: EmulatorHandle<NewApiToken>;
  let service: RunningService;

  test.beforeAll(async () => {
    emulator = await startNewApiEmulator({ accessToken: ACCESS_TOKEN, userId: 1 });
    service = await startService({ env: { UPSTREAM_URL: emulator.url } });
  });
  test.afterAll(async () => {
    await service?.stop();
    await emulator?.close();
  });

  const connect = (page: Page) =>
    connectToGateway(service.url, page, async () => {
      await page.getByRole('button', { name: 'Advanced' }).click();
      await page.getByLabel('User ID (new-api)').fill('1');
    });

  test('reveals the key through new-api, streams the answer and shows what new-api charged', async ({
    page,
  }) => {
    emulator.reset();
    const [token] = emulator.seed([
      {
        name: 'relay bot',
        remain_quota: 100_000,
        model_limits_enabled: true,
        model_limits: 'gpt-4o',
      },
      { name: 'empty bot', remain_quota: 0 },
    ]);
    await connect(page);
    await page.getByRole('link', { name: 'relay bot', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Token: relay bot' });
    await drawer.getByRole('button', { name: 'Try it' }).click();
    // The models are new-api's, as the key's limits allow.
    await expect(drawer.getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-4o');
    // new-api keeps its prices: the cost is what it charged, and the panel says so.
    await expect(
      drawer.getByText('new-api does not share its models’ prices, so none are shown here'),
    ).toBeVisible();
    const before = await unitsIn(quotaLeft(drawer));
    const { partial, cost } = await sendAndWatch(drawer, LONG, 'gpt-4o');
    expect(partial.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => unitsIn(quotaLeft(drawer))).toBe(before - cost);
    const charged = emulator.tokens().find((t) => t.id === token!.id)!;
    expect(charged.used_quota).toBe(cost);
    expect(charged.remain_quota).toBe(100_000 - cost);

    // new-api's own refusal of a used-up key, in its words, told as what to do.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'empty bot', exact: true }).click();
    const empty = page.getByRole('dialog', { name: 'Token: empty bot' });
    await empty.getByRole('button', { name: 'Try it' }).click();
    const refusal = empty.getByRole('alert').filter({ hasText: 'Insufficient quota' });
    await expect(refusal).toContainText('The client gets HTTP 401: 该令牌额度已用尽');
  });
});
