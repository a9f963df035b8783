import { expect, type Page } from '@playwright/test';

/** The access token the gateway emulators are started with in the gateway specs. */
export const ACCESS_TOKEN = 'gateway-access-token-0123456789';

/** Fills the connect screen's Advanced part where a gateway needs it (new-api's user id). */
export type AdvancedConnect = (page: Page) => Promise<void>;

/**
 * Connects the dashboard served at `url` (this service in proxy mode) with the gateway's access
 * token, and waits for the token screen.
 */
export async function connectToGateway(url: string, page: Page, advanced?: AdvancedConnect) {
  await page.goto(url);
  await page.getByLabel('Admin key').fill(ACCESS_TOKEN);
  await advanced?.(page);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();
}
