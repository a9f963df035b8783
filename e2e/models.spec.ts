import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ECHO_BASE_URL } from '../server/gateway/echo-upstream';
import { startTestUpstream, type TestUpstream } from '../server/gateway/test-upstream';
import type { Language } from '../src/lib/i18n/languages';
import { ADMIN_KEY, SCREENSHOTS, connected, createToken, unique } from './support/app';
import { translator } from './support/i18n';
import { startService } from './support/service';

/**
 * The Models screen against the real service and an OpenAI-compatible upstream of the test's
 * own: an owner creates, tests, edits and deletes a model, the upstream key written and never
 * shown; an operator only reads; a request through /v1 shows in the usage panel's tokens.
 */

const auth = { Authorization: `Bearer ${ADMIN_KEY}` };

let upstream: TestUpstream;
test.beforeAll(async () => {
  upstream = await startTestUpstream();
});
test.afterAll(async () => {
  await upstream.close();
});

async function openModels(page: Page) {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('link', { name: 'Models' })
    .click();
  await expect(page.getByRole('heading', { name: 'Models', level: 1 })).toBeVisible();
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Models' }).getByRole('row').filter({ hasText: name });

async function runTest(page: Page, name: string): Promise<Locator> {
  await rowOf(page, name).getByRole('button', { name: 'Test' }).click();
  const dialog = page.getByRole('dialog', { name: `Test ${name}` });
  await expect(dialog.getByRole('table', { name: 'Test result' })).toBeVisible();
  return dialog;
}

async function modelByApi(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post('/api/model/', { headers: auth, data: body });
  const envelope = (await response.json()) as { success: boolean; data: { id: number } };
  expect(envelope.success).toBe(true);
  return envelope.data;
}

test('an owner creates a model on an upstream, tests it, replaces its key and deletes it', async ({
  page,
}) => {
  const name = unique('fake-upstream');
  const firstKey = 'sk-e2e-first-upstream-key-7a1c';
  const secondKey = 'sk-e2e-second-upstream-key-9b2d';
  await connected(page);
  await openModels(page);

  await page.getByRole('button', { name: 'Create model' }).click();
  const form = page.getByRole('dialog', { name: 'Create model' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Upstream address' }).fill(upstream.url);
  await form.getByLabel('Upstream key').fill(firstKey);
  await form.getByRole('textbox', { name: 'Input price' }).fill('2');
  await form.getByRole('textbox', { name: 'Output price' }).fill('abc');
  await form.getByRole('button', { name: 'Advanced' }).click();
  // The test upstream behaves as the model name it is sent says: "ok" answers five words.
  await form.getByRole('textbox', { name: 'Name sent upstream' }).fill('ok');
  await form.getByRole('button', { name: 'Create model' }).click();
  await expect(form.getByText(/^Give a price in USD per 1M tokens/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Output price' }).fill('8');
  await expect(form.getByRole('textbox', { name: 'Output price' })).toHaveAccessibleDescription(
    'USD per 1M tokens: 4,000 units per 1K tokens.',
  );
  await form.getByRole('button', { name: 'Create model' }).click();
  await expect(form).toBeHidden();

  const row = rowOf(page, name);
  await expect(row).toContainText(new URL(upstream.url).host);
  await expect(row).toContainText('$2.00');
  await expect(row).toContainText('1,000 units per 1K tokens');
  await expect(row).toContainText('sent as ok');
  await expect(page.getByRole('table', { name: 'Models' })).not.toContainText(firstKey.slice(-4));

  // One tiny request upstream, with the model's key: OK, its status, time and tokens.
  const seen = upstream.seen.length;
  let dialog = await runTest(page, name);
  await expect(dialog.getByText('OK: the upstream answered')).toBeVisible();
  const result = dialog.getByRole('table', { name: 'Test result' });
  await expect(result).toContainText('Status200');
  await expect(result).toContainText(/Time\d[\d,]* ms/);
  await expect(result).toContainText('Tokens11 in · 5 out');
  await expect(result).toContainText('Answerone two three four five');
  expect(upstream.seen.slice(seen).map((call) => call.authorization)).toEqual([
    `Bearer ${firstKey}`,
  ]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // An edit shows the key masked only, and leaves it as it is unless it is replaced.
  await row.getByRole('button', { name: 'Edit' }).click();
  let edit = page.getByRole('dialog', { name: `Edit model: ${name}` });
  const keyGroup = edit.getByRole('group', { name: 'Upstream key' });
  await expect(keyGroup).toContainText(`Current key: sk-…${firstKey.slice(-4)}`);
  await expect(edit).not.toContainText(firstKey);
  await edit.getByRole('textbox', { name: 'Output price' }).fill('9');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('$9.00');
  dialog = await runTest(page, name);
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(upstream.seen.at(-1)?.authorization).toBe(`Bearer ${firstKey}`);

  await row.getByRole('button', { name: 'Edit' }).click();
  edit = page.getByRole('dialog', { name: `Edit model: ${name}` });
  await edit.getByRole('button', { name: 'Replace key' }).click();
  await expect(edit.getByLabel('New upstream key')).toBeFocused();
  await edit.getByLabel('New upstream key').fill(secondKey);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  dialog = await runTest(page, name);
  await expect(dialog.getByText('OK: the upstream answered')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(upstream.seen.at(-1)?.authorization).toBe(`Bearer ${secondKey}`);
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(
    page.getByRole('dialog', { name: `Edit model: ${name}` }).getByRole('group', {
      name: 'Upstream key',
    }),
  ).toContainText(`sk-…${secondKey.slice(-4)}`);
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete model' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete model' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, name)).toHaveCount(0);
});

test('an upstream that refuses the key is told in words, without the key', async ({
  page,
  request,
}) => {
  const name = unique('refusing');
  await modelByApi(request, {
    name,
    upstream_url: upstream.url,
    upstream_model: 'status-401',
    upstream_key: 'sk-e2e-refused-upstream-key-3e4f',
    input_price: 1,
    output_price: 2,
  });
  await connected(page);
  await openModels(page);
  const dialog = await runTest(page, name);
  await expect(dialog.getByText('The upstream did not answer as it should')).toBeVisible();
  const result = dialog.getByRole('table', { name: 'Test result' });
  await expect(result).toContainText('Status401');
  await expect(result).toContainText("check the model's upstream key");
  await expect(result).not.toContainText('3e4f');
});

test('an operator reads the models, with nothing to create, change or test them by', async ({
  page,
  request,
}) => {
  const name = unique('read-only');
  await modelByApi(request, {
    name,
    upstream_url: ECHO_BASE_URL,
    input_price: 3,
    output_price: 15,
  });
  const created = await request.post('/api/admin-key/', {
    headers: auth,
    data: { name: unique('Models reader'), role: 'operator' },
  });
  const operatorKey = ((await created.json()) as { data: { key: string } }).data.key;
  await connected(page, undefined, operatorKey);
  await openModels(page);
  await expect(rowOf(page, name)).toContainText('$3.00');
  await expect(rowOf(page, name)).toContainText('1,500 units per 1K tokens');
  await expect(page.getByRole('button', { name: 'Create model' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Test' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('a request through /v1 shows in the usage panel as input and output tokens', async ({
  page,
  request,
}) => {
  const model = unique('echo');
  await modelByApi(request, {
    name: model,
    upstream_url: ECHO_BASE_URL,
    input_price: 2.5,
    output_price: 10,
  });
  const name = unique('Gateway user');
  const token = await createToken(request, { name, remain_quota: 1_000_000 });
  const answer = await request.post('/v1/chat/completions', {
    headers: { Authorization: `Bearer sk-${token.key}` },
    data: { model, messages: [{ role: 'user', content: 'hello there' }] },
  });
  expect(answer.ok()).toBe(true);
  const usage = ((await answer.json()) as { usage: { prompt_tokens: number } }).usage;

  await connected(page);
  await page.goto(`/?details=${token.id}`);
  const panel = page
    .getByRole('dialog', { name: `Token: ${name}` })
    .getByRole('region', { name: 'Usage' });
  const byModel = panel.getByRole('table', { name: 'By model' });
  await expect(byModel.getByRole('columnheader')).toHaveText([
    'Model',
    'Requests',
    'Spent',
    'Input tokens',
    'Output tokens',
  ]);
  // The echo answers "Echo: hello there": three words, three tokens as it counts them.
  await expect(byModel.getByRole('row').nth(1)).toContainText(
    new RegExp(`${model}\\s*1\\s*\\$.*${usage.prompt_tokens}\\s*3$`),
  );
  await expect(panel).toContainText(`${usage.prompt_tokens} in · 3 out`);
  await panel.getByRole('radiogroup', { name: 'The chart shows' }).getByText('Tokens').click();
  // The chart's legend reads the range's totals.
  await expect(panel).toContainText(`Input tokens${usage.prompt_tokens}Output tokens3`);
  expect(new URL(page.url()).searchParams.get('chart')).toBe('tokens');
});

/** The screens for people to look at: both themes and languages, a desktop's width and a phone's. */
const LOOKS: Array<{ language: Language; locale: string; scheme: 'light' | 'dark' }> = [
  { language: 'en', locale: 'en-US', scheme: 'light' },
  { language: 'en', locale: 'en-US', scheme: 'dark' },
  { language: 'zh-CN', locale: 'zh-CN', scheme: 'light' },
  { language: 'zh-CN', locale: 'zh-CN', scheme: 'dark' },
];

for (const { language, locale, scheme } of LOOKS) {
  test.describe(`${language}, ${scheme}`, () => {
    test.use({ colorScheme: scheme, locale });
    const t = translator(language);

    test('the models, their dialogs and the usage in tokens, for people to look at', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      // The demo: its tokens have months of usage, and the model demo-echo needs no network.
      const demo = await startService({ env: { DEMO: '1' } });
      // Shots are taken with transitions ended: a button leaving its loading state, say.
      const shot = (name: string, fullPage = false) =>
        page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage, animations: 'disabled' });
      try {
        // A model with a key of its own, to be seen masked; never tested, as it needs a network.
        const keyed = await request.post(`${demo.url}/api/model/`, {
          headers: { Authorization: `Bearer ${demo.adminKey}` },
          data: {
            name: 'gpt-4o-mini',
            upstream_url: 'https://api.openai.com/v1',
            upstream_key: 'sk-proj-look-at-me-not-4f2a',
            input_price: 0.15,
            output_price: 0.6,
          },
        });
        expect(keyed.ok()).toBe(true);
        await page.goto(demo.url);
        await page.getByLabel(t('connect.adminKey')).fill(demo.adminKey);
        await page.getByRole('button', { name: t('connect.submit') }).click();
        await expect(
          page.getByRole('heading', { name: t('tokens.title'), level: 1 }),
        ).toBeVisible();
        for (const width of [1440, 390]) {
          const tag = `${language}-${scheme}-${width}`;
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${demo.url}/?view=models`);
          await expect(page.getByText('demo-echo', { exact: true })).toBeVisible();
          await shot(`models-${tag}`, true);

          await page.getByRole('button', { name: t('models.create') }).click();
          const create = page.getByRole('dialog', { name: t('models.createTitle') });
          await create.getByRole('textbox', { name: t('models.name') }).fill('deepseek-chat');
          await create
            .getByRole('textbox', { name: t('models.upstreamUrl') })
            .fill('https://api.deepseek.com/v1');
          await create.getByRole('textbox', { name: t('models.inputPrice') }).fill('0.27');
          await create.getByRole('textbox', { name: t('models.outputPrice') }).fill('-1');
          await create.getByRole('button', { name: t('models.create') }).click();
          await expect(create.getByText(t('models.err.priceNegative'))).toBeVisible();
          await shot(`model-create-${tag}`);
          await page.keyboard.press('Escape');

          await page
            .getByRole('group', { name: t('action.rowActions', { name: 'gpt-4o-mini' }) })
            .getByRole('button', { name: t('action.edit') })
            .click();
          const edit = page.getByRole('dialog', {
            name: t('models.editTitle', { name: 'gpt-4o-mini' }),
          });
          await expect(edit.getByRole('group', { name: t('models.upstreamKey') })).toContainText(
            'sk-…4f2a',
          );
          await shot(`model-edit-${tag}`);
          await edit.getByRole('button', { name: t('models.replaceKey') }).click();
          await expect(edit.getByLabel(t('models.newKey'))).toBeFocused();
          await shot(`model-edit-replacing-${tag}`);
          await page.keyboard.press('Escape');

          await page
            .getByRole('group', { name: t('action.rowActions', { name: 'demo-echo' }) })
            .getByRole('button', { name: t('models.test') })
            .click();
          const tested = page.getByRole('dialog', {
            name: t('models.testTitle', { name: 'demo-echo' }),
          });
          await expect(tested.getByText(t('models.testOk'))).toBeVisible();
          await expect(tested.getByRole('button', { name: t('models.testAgain') })).toBeEnabled();
          await shot(`model-test-${tag}`);
          await page.keyboard.press('Escape');

          await page.goto(`${demo.url}/?view=usage&chart=tokens`);
          await expect(
            page.getByRole('table', { name: t('usage.byModel') }).getByRole('columnheader', {
              name: t('usage.inputTokens'),
            }),
          ).toBeVisible();
          await expect(page.locator('canvas').first()).toBeVisible();
          await shot(`usage-tokens-${tag}`, true);

          // A token's own usage panel, in its details, opened from the list of top spenders.
          await page.getByRole('link', { name: 'Production backend' }).click();
          const details = page.getByRole('dialog', {
            name: t('details.title', { name: 'Production backend' }),
          });
          const usage = details.getByRole('region', { name: t('details.usage') });
          await usage
            .getByRole('radiogroup', { name: t('usage.chart') })
            .getByText(t('usage.chart.tokens'))
            .click();
          await expect(
            usage.getByRole('table', { name: t('usage.byModel') }).getByRole('columnheader', {
              name: t('usage.outputTokens'),
            }),
          ).toBeAttached();
          // The panel at the top of the drawer's view: its totals, the chart and the models.
          await usage.evaluate((section) => section.scrollIntoView({ block: 'start' }));
          await expect(usage.locator('canvas').first()).toBeVisible();
          await shot(`details-usage-tokens-${tag}`);
        }
      } finally {
        await demo.stop();
      }
    });
  });
}
