import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Language } from '../src/lib/i18n/languages';
import { mkdirSync } from 'node:fs';
import { ADMIN_KEY, createToken, SCREENSHOTS, unique } from './support/app';
import { expectNoAxeViolations } from './support/axe';
import { translator, type Translate } from './support/i18n';
import { ensureEchoModel, longMessage, setQuota } from './support/try-it';

/**
 * The Playground and Try it in a token's details, in both languages and both themes, at a
 * desktop's width and a phone's: axe-core on each (empty; answered in the Playground, stopped
 * midway in the details; refused), and screenshots of an answer streaming in and of a refusal.
 */
const VARIANTS: Array<{ language: Language; locale: string; scheme: 'light' | 'dark' }> = [
  { language: 'en', locale: 'en-US', scheme: 'light' },
  { language: 'en', locale: 'en-US', scheme: 'dark' },
  { language: 'zh-CN', locale: 'zh-CN', scheme: 'light' },
  { language: 'zh-CN', locale: 'zh-CN', scheme: 'dark' },
];

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

test.beforeAll(async ({ request }) => {
  await ensureEchoModel(request);
});

for (const { language, locale, scheme } of VARIANTS) {
  test.describe(`in ${language}, ${scheme}`, () => {
    test.use({ colorScheme: scheme, locale });
    const t = translator(language);

    test('the Playground and Try it in the details stream, refuse, and pass axe-core', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await page.getByLabel(t('connect.adminKey')).fill(ADMIN_KEY);
      await page.getByRole('button', { name: t('connect.submit') }).click();
      await expect(
        page.getByRole('heading', { name: t('tokens.title'), exact: true }),
      ).toBeVisible();

      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        const tag = `${scheme}-${language}-${size.width}`;
        const scan = (screen: string, dialog = false) =>
          expectNoAxeViolations(page, `${screen}, ${tag}`, { dialog, themes: 'shown' });
        const name = unique(language === 'en' ? 'Demo key' : '演示密钥');
        const token = await createToken(request, { name, remain_quota: 2_000_000 });

        // The Playground: the token chosen, an answer streaming in, then a refusal once emptied.
        await page.goto(`/?view=playground&try=${token.id}`);
        const main = page.getByRole('main');
        await expect(main.getByRole('combobox', { name: t('tryIt.model') })).toHaveValue(
          'demo-echo',
        );
        await scan('Playground, nothing sent');
        await streamAndShoot(page, main, t, `try-it-playground-streaming-${tag}`, 'finish');
        await setQuota(request, token.id, 0);
        await refuseAndShoot(page, main, t, `try-it-playground-refused-${tag}`);
        await scan('Playground, answered and refused');

        // Try it in the details, the quota given back: the same, in the drawer.
        await setQuota(request, token.id, 2_000_000);
        await page.goto(`/?details=${token.id}`);
        const drawer = page.getByRole('dialog', { name: t('details.title', { name }) });
        await drawer.getByRole('button', { name: t('tryIt.open') }).click();
        await expect(drawer.getByRole('combobox', { name: t('tryIt.model') })).toHaveValue(
          'demo-echo',
        );
        await scan('Try it in the details, nothing sent', true);
        await streamAndShoot(page, drawer, t, `try-it-details-streaming-${tag}`, 'stop');
        await setQuota(request, token.id, 0);
        await refuseAndShoot(page, drawer, t, `try-it-details-refused-${tag}`);
        await scan('Try it in the details, stopped and refused', true);
      }
    });
  });
}

/**
 * What is on screen, for people to look at: the window only, as a drawer covers it while the
 * page behind runs on below.
 */
async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

/**
 * Sends a long message and takes the screenshot while its answer is still coming; then lets the
 * answer finish, or stops it there.
 */
async function streamAndShoot(
  page: Page,
  place: Locator,
  t: Translate,
  shot: string,
  end: 'finish' | 'stop',
) {
  const box = place.getByRole('textbox', { name: t('tryIt.message') });
  // An answer to be stopped is long enough (9 s) that it cannot end before Stop is clicked.
  await box.fill(`Hello! ${longMessage(end === 'stop' ? 300 : 120)}`);
  await box.press('Enter');
  const answer = place.getByRole('article', { name: t('tryIt.answer', { model: 'demo-echo' }) });
  await expect(answer.last()).toContainText('word12 ');
  await expect(place.getByRole('button', { name: t('tryIt.stop') })).toBeVisible();
  await screenshot(page, shot);
  if (end === 'stop') {
    await place.getByRole('button', { name: t('tryIt.stop') }).click();
    await expect(answer.last().getByText(t('tryIt.stopped'), { exact: true })).toBeVisible();
    await expect(answer.last()).not.toContainText('word300');
    // The cost is shown once the token's used quota has moved from the hold, so the server has
    // settled the reply and cannot give the hold back after the quota is emptied next.
    await expect(answer.last().getByText(t('tryIt.costReading'))).toHaveCount(0);
    await expect(answer.last()).not.toContainText(t('tryIt.costMissing'));
    return;
  }
  await expect(place.getByRole('button', { name: t('tryIt.send') })).toBeVisible({
    timeout: 20_000,
  });
  await expect(answer.last()).toContainText('word120');
}

/** Sends a message the emptied token cannot pay for, and shoots its refusal. */
async function refuseAndShoot(page: Page, place: Locator, t: Translate, shot: string) {
  const box = place.getByRole('textbox', { name: t('tryIt.message') });
  await box.fill('One more, please.');
  await box.press('Enter');
  const refusal = place.getByRole('alert').filter({ hasText: t('tryIt.refused.quota') });
  await expect(refusal.last()).toBeVisible();
  await screenshot(page, shot);
}
