import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { connected, createToken } from './support/app';
import { startService, type RunningService } from './support/service';

/**
 * Settings → Webhooks as a person uses it: adds a Slack-compatible receiver (one this test
 * starts), sends a test event and sees it arrive, in the receiver and in the delivery log; a
 * key run down shows its alerts in the token's details; a signing secret rotated keeps the
 * previous one working. The service allows receivers on this machine (WEBHOOK_ALLOW_PRIVATE=1).
 */

let own: RunningService;
let receiver: Server;
const requests: Array<{ body: string; headers: IncomingHttpHeaders }> = [];
const received: string[] = [];

test.beforeEach(async () => {
  own = await startService({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  received.length = 0;
  requests.length = 0;
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(body);
      requests.push({ body, headers: request.headers });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
});

test.afterEach(async () => {
  await own.stop();
  await new Promise((closed) => receiver.close(closed));
});

/** Signed in as the owner, Settings → Webhooks with the form to add an endpoint open. */
async function openAddEndpoint(page: Page) {
  await connected(page, own.url, own.adminKey);
  await page.getByRole('button', { name: 'Settings' }).click();
  const webhooks = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', {
    name: 'Webhooks',
  });
  await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
  return { webhooks, form: page.getByRole('dialog', { name: 'Add a webhook endpoint' }) };
}

test('an owner adds a Slack-compatible endpoint, sends a test event and sees it arrive', async ({
  page,
  request,
}) => {
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/slack`;
  const { webhooks, form } = await openAddEndpoint(page);
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Enter an http or https address')).toBeVisible();
  await form.getByLabel('URL').fill(url);
  await form.getByLabel('Description').fill('Support channel');
  await form.getByText('Slack message').click();
  await form.getByLabel('All events').uncheck();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Tick at least one event')).toBeVisible();
  await form.getByLabel('Quota low').check();
  await form.getByLabel('Out of quota').check();
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  const added = page.getByRole('dialog', { name: 'Endpoint added' });
  await expect(added.getByTestId('new-key')).toHaveText(/^whsec_/);
  await added.getByRole('button', { name: 'Done' }).click();
  const card = webhooks.getByRole('listitem').filter({ hasText: url });
  await expect(card).toContainText('No deliveries yet');
  await expect(card).toContainText('2 event types');

  await card.getByRole('button', { name: `Send a test event to ${url}` }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log' });
  await expect(log.getByRole('listitem').first()).toContainText('Delivered');
  await expect(log.getByRole('listitem').first()).toContainText('HTTP 200');
  expect(received.map((body) => JSON.parse(body) as unknown)).toEqual([
    { text: 'Test event from Tokendesk, sent by ADMIN_KEY: this endpoint receives its events.' },
  ]);
  await log.getByRole('button', { name: /^Resend Test event/ }).click();
  await expect.poll(() => received.length).toBe(2);
  await log.getByRole('button', { name: 'Close' }).click();
  await expect(card).toContainText('Healthy');

  // A key run down: one alert each, to the channel and in the token's details.
  const token = await createToken(
    request,
    { name: 'support-bot', remain_quota: 10_000_000 },
    own.adminKey,
    own.url,
  );
  for (const cost of [...Array<number>(9).fill(1_000_000), 500_000, 500_000]) {
    await request.post(`${own.url}/api/token/verify`, {
      headers: { Authorization: `Bearer ${own.adminKey}` },
      data: { key: token.key, cost },
    });
  }
  await expect.poll(() => received.length).toBe(4);
  // Sent side by side: they may arrive in either order.
  expect(
    received
      .slice(2)
      .map((body) => (JSON.parse(body) as { text: string }).text)
      .sort(),
  ).toEqual([
    'Key *support-bot* is out of quota (0 of $20.00 left).',
    'Key *support-bot* is running low on quota ($1.00 of $20.00 left).',
  ]);
  await page.keyboard.press('Escape');
  await page.goto(`${own.url}/?details=${token.id}`);
  const events = page.getByRole('region', { name: 'Events' });
  await expect(events.getByRole('listitem')).toHaveCount(3);
  await expect(events).toContainText('Out of quota');
  await expect(events).toContainText('Quota low');
});

test('an owner rotates a signing secret and the previous one keeps working for 24 hours', async ({
  page,
}) => {
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/signed`;
  const { webhooks, form } = await openAddEndpoint(page);
  await form.getByLabel('URL').fill(url);
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const added = page.getByRole('dialog', { name: 'Endpoint added' });
  const previous = (await added.getByTestId('new-key').textContent()) ?? '';
  expect(previous).toMatch(/^whsec_/);
  await added.getByRole('button', { name: 'Done' }).click();

  const card = webhooks.getByRole('listitem').filter({ hasText: url });
  await card.getByRole('button', { name: `Rotate the signing secret of ${url}` }).click();
  const rotated = page.getByRole('dialog', { name: 'New signing secret' });
  const current = (await rotated.getByTestId('new-key').textContent()) ?? '';
  expect(current).toMatch(/^whsec_/);
  expect(current).not.toBe(previous);
  await expect(rotated.getByRole('status')).toContainText(
    'The previous secret keeps working for 24 hours, until',
  );
  await rotated.getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('Previous secret still works until');

  await card.getByRole('button', { name: `Send a test event to ${url}` }).click();
  await expect.poll(() => requests.length).toBe(1);
  const { body, headers } = requests[0]!;
  const signed = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(headers[name]),
    ]),
  );
  // A receiver holding either secret accepts it.
  for (const secret of [current, previous]) {
    expect(new Webhook(secret).verify(body, signed)).toMatchObject({ type: 'webhook.test' });
  }
});
