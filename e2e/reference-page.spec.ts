import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './support/test';
import { OPERATIONS } from '../src/contract/operations';
import { screenshot } from './support/app';
import { COLOUR_RULES } from './support/axe';

/** The API reference the service serves at /api/docs, read as someone without the dashboard. */
test.describe('the API reference page', () => {
  test('loads under the service’s CSP with no console error, and lists every operation', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`),
      );
    });

    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tokendesk API reference');

    const nav = page.getByRole('navigation', { name: 'Operations' });
    for (const operation of OPERATIONS) {
      await expect(nav.getByRole('link', { name: operation.summary, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Create a token', exact: true }).click();
    const create = page.getByRole('region', { name: 'Create a token' });
    await expect(create).toBeInViewport();
    await expect(create.getByText('"name": "Production backend"')).toBeVisible();
    await expect(create.getByText(/^curl -s -X POST "\$TOKENDESK\/api\/token\/"/)).toBeVisible();
    await expect(create.getByRole('table', { name: 'Body fields' })).toContainText('remain_quota');

    await page.getByRole('link', { name: 'OpenAPI document (JSON)' }).click();
    expect(JSON.parse((await page.locator('body').textContent()) ?? '')).toMatchObject({
      openapi: '3.1.0',
    });
    expect(problems).toEqual([]);
  });

  test('has no axe-core violation in either theme wide, and in the light theme at 390 px', async ({
    page,
  }) => {
    // Three axe passes over the whole reference, every operation on one page.
    test.setTimeout(120_000);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/api/docs#updateToken');
      // The dark theme changes only colours, the same at every width: checked once, wide.
      for (const scheme of width > 500 ? (['light', 'dark'] as const) : (['light'] as const)) {
        await page.emulateMedia({ colorScheme: scheme });
        // Only colours change with the theme: the dark one needs only the colour rules.
        // Violations only: gathering every passing node of this long page too made the three passes
        // take 28 s rather than 21.
        let axe = new AxeBuilder({ page })
          .setLegacyMode(true)
          .options({ resultTypes: ['violations'] });
        if (scheme === 'dark') axe = axe.withRules(COLOUR_RULES);
        const { violations } = await axe.analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.help}`),
          `${scheme}, ${width} px`,
        ).toEqual([]);
        await screenshot(page, `reference-${scheme}-${width}`);
      }
      // Wide tables scroll in their own box: the page itself never scrolls sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
});
