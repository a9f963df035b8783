import { expect, test } from './support/test';
import { createTestDatabase, startTestCluster } from '../server/store/test-postgres';
import { connected, createTokenInForm, rowOf } from './support/app';
import { startService, type RunningService } from './support/service';

/**
 * The dashboard's daily work against two service instances sharing one PostgreSQL database: what
 * is done through one is seen through the other.
 */
test.describe('on PostgreSQL, through two instances', () => {
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  let first: RunningService;
  let second: RunningService;
  const adminKey = 'postgres-e2e-admin-key-abcdefghijklmnopqrstuvwxyz';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startTestCluster();
    const databaseUrl = await createTestDatabase(
      cluster.adminUrl,
      'tokendesk_template_e2e',
      'template1',
    );
    const env = {
      DATABASE_URL: databaseUrl,
      TOKENDESK_SECRET: Buffer.alloc(32, 7).toString('base64'),
    };
    [first, second] = await Promise.all([
      startService({ adminKey, env }),
      startService({ adminKey, env }),
    ]);
  });

  test.afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    cluster?.stop();
  });

  test('connect, create, edit and delete; each step seen through the other instance', async ({
    page,
    browser,
  }) => {
    await connected(page, first.url, adminKey);
    await createTokenInForm(page, 'Postgres smoke');
    await expect(rowOf(page, 'Postgres smoke')).toBeVisible();

    const other = await browser.newPage();
    await connected(other, second.url, adminKey);
    await expect(rowOf(other, 'Postgres smoke')).toBeVisible();

    await rowOf(other, 'Postgres smoke').getByRole('button', { name: 'Edit' }).click();
    const dialog = other.getByRole('dialog', { name: 'Edit token' });
    await dialog.getByLabel('Name').fill('Postgres smoke, renamed');
    await dialog.getByRole('textbox', { name: 'Quota' }).fill('3');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(other, 'Postgres smoke, renamed').getByText('$3.00')).toBeVisible();

    await page.reload();
    const renamed = rowOf(page, 'Postgres smoke, renamed');
    await expect(renamed.getByText('$3.00')).toBeVisible();
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete token' })
      .getByRole('button', { name: 'Delete token' })
      .click();
    await expect(rowOf(page, 'Postgres smoke, renamed')).toHaveCount(0);

    await other.reload();
    await expect(other.getByText('No tokens yet')).toBeVisible();
    await other.close();
  });
});
