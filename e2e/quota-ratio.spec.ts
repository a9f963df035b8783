import { expect, test } from './support/test';
import { startOneApiEmulator } from './emulators/one-api';
import type { StoredToken } from './emulators/gateway/types';
import { connected, createToken, rowOf, unique } from './support/app';
import { startService } from './support/service';

const ACCESS_TOKEN = 'ratio-access-token-0123456789';

test('a ratio the server refuses is kept in this browser for that server only', async ({
  page,
  request,
}) => {
  // one-api lets only its root user change options: an ordinary access token is refused.
  const gateway = await startOneApiEmulator({ accessToken: ACCESS_TOKEN, rateLimit: false });
  gateway.seed([{ name: 'On the gateway', remain_quota: 1_000_000 }] as Partial<StoredToken>[]);
  const proxy = await startService({ env: { UPSTREAM_URL: gateway.url } });
  const ownName = unique('On our service');
  await createToken(request, { name: ownName, remain_quota: 1_000_000 });
  try {
    await page.goto(proxy.url);
    await page.getByLabel('Admin key').fill(ACCESS_TOKEN);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(rowOf(page, 'On the gateway').getByText('$2.00')).toBeVisible();

    await page.getByRole('button', { name: 'Settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    await drawer.getByLabel('Quota units per USD').fill('1000000');
    await drawer.getByRole('button', { name: 'Save ratio' }).click();
    await expect(drawer.getByText('Local override', { exact: true })).toBeVisible();
    await expect(rowOf(page, 'On the gateway').getByText('$1.00')).toBeVisible();
    await page.keyboard.press('Escape');

    // Still there after a reload of the tab.
    await page.reload();
    await expect(rowOf(page, 'On the gateway').getByText('$1.00')).toBeVisible();

    // Another server in the same browser keeps its own ratio.
    await page.getByRole('button', { name: 'Log out' }).click();
    await connected(page, '/');
    await expect(rowOf(page, ownName).getByText('$2.00')).toBeVisible();
  } finally {
    await proxy.stop();
    await gateway.close();
  }
});
