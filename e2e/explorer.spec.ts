import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Language } from '../src/lib/i18n/languages';
import { startLiteLlmEmulator } from './emulators/litellm';
import { startNewApiEmulator } from './emulators/new-api';
import { startOneApiEmulator } from './emulators/one-api';
import type { EmulatorHandle } from './emulators/gateway/types';
import { connected, lazyPartsLoaded, rowOf } from './support/app';
import { expectNoAxeViolations } from './support/axe';
import { translator, type Translate } from './support/i18n';
import { startService, type RunningService } from './support/service';

/** The API explorer: every operation of the contract, sent with the session's key. */

async function openExplorer(page: Page, t: Translate = translator('en')) {
  await page.getByRole('button', { name: t('header.api'), exact: true }).click();
  const explorer = page.getByRole('dialog', { name: t('explorer.title') });
  await expect(explorer).toBeVisible();
  return explorer;
}

const operationsOf = (explorer: ReturnType<Page['getByRole']>, t: Translate = translator('en')) =>
  explorer.getByRole('navigation', { name: t('explorer.operations') }).getByRole('button');

test.describe('on this service', () => {
  let service: RunningService;

  // A service of its own, so the table holds only what the explorer made.
  test.beforeEach(async () => {
    service = await startService();
  });
  test.afterEach(async () => {
    await service?.stop();
  });

  test('the example create request makes a token the table and Activity show', async ({ page }) => {
    await connected(page, service.url, service.adminKey);
    await expect(page.getByText('No tokens yet')).toBeVisible();
    const explorer = await openExplorer(page);
    await expect(operationsOf(explorer)).toHaveCount(38);
    await expect(explorer.getByRole('link', { name: 'Open the reference page' })).toHaveAttribute(
      'href',
      `${service.url}/api/docs`,
    );

    await operationsOf(explorer).filter({ hasText: 'Create a token' }).click();
    const body = explorer.getByRole('textbox', { name: 'Body (JSON)' });
    expect(JSON.parse(await body.inputValue())).toEqual({
      name: 'Production backend',
      remain_quota: 1000000,
      expired_time: -1,
      unlimited_quota: false,
    });
    await explorer.getByRole('button', { name: 'Send', exact: true }).click();

    await expect(explorer.getByRole('status')).toHaveText(/HTTP 200/);
    const answer = JSON.parse(
      (await explorer.getByRole('region', { name: 'Answer body' }).textContent()) ?? '',
    ) as { success: boolean; data: { name: string; key: string } };
    expect(answer.success).toBe(true);
    expect(answer.data.name).toBe('Production backend');
    expect(answer.data.key.replace(/^sk-/, '')).toMatch(/^[0-9A-Za-z]{48}$/);
    const curl = explorer.getByRole('region', { name: 'curl command' });
    await expect(curl).toContainText(`-X POST '${service.url}/api/token/'`);
    await expect(curl).toContainText('"Authorization: Bearer $ADMIN_KEY"');
    await expect(curl).not.toContainText(service.adminKey);

    await explorer.getByRole('button', { name: 'Close' }).first().click();
    await expect(explorer).toBeHidden();
    await expect(rowOf(page, 'Production backend')).toBeVisible();

    await page.getByRole('button', { name: 'Activity' }).click();
    const activity = page.getByRole('dialog', { name: 'Activity' });
    const call = activity
      .getByRole('listitem')
      .filter({ hasText: 'POST' })
      .filter({ has: page.getByText('/api/token/', { exact: true }) });
    await expect(call).toHaveCount(1);
    await expect(call).toContainText('200');
  });

  test('a request the schema refuses is not sent, and what was typed stays', async ({ page }) => {
    await connected(page, service.url, service.adminKey);
    const explorer = await openExplorer(page);
    await operationsOf(explorer).filter({ hasText: 'Create a token' }).click();
    const body = explorer.getByRole('textbox', { name: 'Body (JSON)' });
    const typed = '{"name": "Production backend", "remain_quota": "x"}';
    await body.fill(typed);
    await explorer.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(body).toHaveAccessibleDescription(/remain_quota must be a whole number/);
    await expect(body).toHaveValue(typed);
    await expect(explorer.getByRole('region', { name: 'Answer body' })).toHaveCount(0);

    await explorer.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'Activity' }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Activity' })
        .getByRole('listitem')
        .filter({ hasText: 'POST' }),
    ).toHaveCount(0);
  });

  test('opens while the service is away, and says that no answer came', async ({ page }) => {
    await connected(page, service.url, service.adminKey);
    // Fetched ahead once the page is idle, like the other parts loaded on demand.
    await lazyPartsLoaded(page);
    await service.stop();
    const explorer = await openExplorer(page);
    await operationsOf(explorer).filter({ hasText: 'Get one token' }).click();
    await explorer.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(explorer.getByRole('status')).toHaveText('No answer');
    await expect(explorer.getByRole('alert')).toContainText('Cannot reach the server');
    await expect(explorer.getByRole('region', { name: 'curl command' })).toContainText(
      `'${service.url}/api/token/1'`,
    );
  });

  // English in the light theme and Chinese in the dark one: between them every rule in both.
  const LOOKS: Array<{ language: Language; locale: string; scheme: 'light' | 'dark' }> = [
    { language: 'en', locale: 'en-US', scheme: 'light' },
    { language: 'zh-CN', locale: 'zh-CN', scheme: 'dark' },
  ];
  for (const { language, locale, scheme } of LOOKS) {
    test.describe(`in ${language}`, () => {
      test.use({ colorScheme: scheme, locale });
      const t = translator(language);

      test(`the explorer has no axe-core violation in the ${scheme} theme, wide and at 390 px`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.goto(service.url);
        await page.getByLabel(t('connect.adminKey')).fill(service.adminKey);
        await page.getByRole('button', { name: t('connect.submit') }).click();
        await expect(page.getByText(t('tokens.emptyTitle'))).toBeVisible();
        const explorer = await openExplorer(page, t);
        await expect(explorer.getByRole('textbox', { name: 'size' })).toHaveValue('20');
        await expectNoAxeViolations(page, 'explorer, List tokens', {
          dialog: true,
          themes: 'shown',
        });

        await operationsOf(explorer, t)
          .filter({ hasText: t('explorer.op.updateToken') })
          .click();
        await explorer.getByRole('textbox', { name: t('explorer.body') }).fill('{"id": 0}');
        await explorer.getByRole('button', { name: t('explorer.send'), exact: true }).click();
        await expect(explorer.getByRole('alert')).toContainText(t('explorer.notSent'));
        await expectNoAxeViolations(page, 'explorer, refused input', {
          dialog: true,
          themes: 'shown',
        });

        await operationsOf(explorer, t)
          .filter({ hasText: t('explorer.op.createToken') })
          .click();
        await explorer.getByRole('button', { name: t('explorer.send'), exact: true }).click();
        await expect(explorer.getByRole('status')).toHaveText(/HTTP 200/);
        await expectNoAxeViolations(page, 'explorer, answer', { dialog: true, themes: 'shown' });

        await page.setViewportSize({ width: 390, height: 844 });
        await expect(explorer.getByRole('button', { name: t('explorer.back') })).toBeVisible();
        await expectNoAxeViolations(page, 'explorer at 390 px, an operation', {
          dialog: true,
          themes: 'shown',
        });
        await explorer.getByRole('button', { name: t('explorer.back') }).click();
        await expect(
          operationsOf(explorer, t).filter({ hasText: t('explorer.op.createToken') }),
        ).toBeFocused();
        await expectNoAxeViolations(page, 'explorer at 390 px, the list', {
          dialog: true,
          themes: 'shown',
        });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      });
    });
  }
});

const ACCESS_TOKEN = 'gateway-access-token-0123456789';
const GATEWAYS: Array<{ kind: string; start: () => Promise<EmulatorHandle> }> = [
  { kind: 'one-api', start: () => startOneApiEmulator({ accessToken: ACCESS_TOKEN }) },
  {
    kind: 'new-api',
    start: () => startNewApiEmulator({ accessToken: ACCESS_TOKEN, requireUserHeader: false }),
  },
];

for (const gateway of GATEWAYS) {
  test(`on ${gateway.kind}, only the four shared operations, and why`, async ({ page }) => {
    const emulator = await gateway.start();
    const proxy = await startService({ env: { UPSTREAM_URL: emulator.url } });
    try {
      // More than one-api's page of 10: its pages count from 0, so page 1 is the second one.
      emulator.seed(
        Array.from({ length: 12 }, (_, i) => ({ name: `gateway seed ${i + 1}`, remain_quota: 1 })),
      );
      await connected(page, proxy.url, ACCESS_TOKEN);
      const explorer = await openExplorer(page);
      await expect(operationsOf(explorer)).toHaveText([
        /^GET\s*List tokens\s*\/api\/token\/$/,
        /^POST\s*Create a token\s*\/api\/token\/$/,
        /^PUT\s*Update a token\s*\/api\/token\/$/,
        /^DELETE\s*Delete a token\s*\/api\/token\/\{id\}$/,
      ]);
      await expect(explorer.getByRole('note')).toContainText(
        `this service’s own routes, which ${gateway.kind} does not have`,
      );
      await expect(explorer.getByRole('link', { name: 'Open the reference page' })).toHaveCount(0);

      // The gateway answers in its own shape; the explorer shows it as it came.
      await explorer.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(explorer.getByRole('status')).toHaveText(/HTTP 200/);
      await expect(explorer.getByRole('region', { name: 'Answer body' })).toContainText(
        'gateway seed',
      );
    } finally {
      await proxy.stop();
      await emulator.close();
    }
  });
}

test('on LiteLLM, no operation, and why: its keys live under routes of its own', async ({
  page,
}) => {
  const masterKey = 'sk-litellm-master-0123456789';
  const emulator = await startLiteLlmEmulator({ masterKey });
  const proxy = await startService({ env: { UPSTREAM_URL: emulator.url } });
  try {
    emulator.seed([{ key_alias: 'litellm seed' }]);
    await connected(page, proxy.url, masterKey);
    const explorer = await openExplorer(page);
    await expect(explorer.getByRole('note')).toContainText(
      'LiteLLM shares none of this service’s routes',
    );
    await expect(explorer.getByRole('note')).toContainText('under /key');
    await expect(explorer.getByRole('navigation', { name: 'Operations' })).toHaveCount(0);
    await expect(explorer.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  } finally {
    await proxy.stop();
    await emulator.close();
  }
});

test('the explorer’s texts, which come with it, follow a switch of language made after it was opened', async ({
  page,
}) => {
  const english = translator('en');
  const chinese = translator('zh-CN');
  await connected(page);
  let explorer = await openExplorer(page, english);
  await expect(operationsOf(explorer, english).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(explorer).toBeHidden();

  await page.getByRole('button', { name: english('header.language') }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { name: '令牌', exact: true })).toBeVisible();
  explorer = await openExplorer(page, chinese);
  await expect(
    operationsOf(explorer, chinese).filter({ hasText: chinese('explorer.op.updateToken') }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(explorer).toBeHidden();

  await page.getByRole('button', { name: chinese('header.language') }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  explorer = await openExplorer(page, english);
  await expect(
    operationsOf(explorer, english).filter({ hasText: english('explorer.op.updateToken') }),
  ).toBeVisible();
});
