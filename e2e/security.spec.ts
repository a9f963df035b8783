import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { readFileSync } from 'node:fs';
import {
  ADMIN_KEY,
  connect,
  connected,
  createToken,
  createTokenInForm,
  rowOf,
  screenshot,
  unique,
} from './support/app';
import { startService, type RunningService } from './support/service';

/** Everything the page keeps in storage it can read, as one string to search. */
async function storedByPage(page: Page) {
  return page.evaluate(async () => {
    const indexed: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of db.objectStoreNames) {
        const all = db.transaction(store).objectStore(store).getAll();
        indexed.push(
          `${name}/${store}: ${JSON.stringify(
            await new Promise((resolve) => (all.onsuccess = () => resolve(all.result))),
          )}`,
        );
      }
      db.close();
    }
    return {
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookie: document.cookie,
      indexedDb: indexed.join('\n'),
      caches: JSON.stringify('caches' in window ? await caches.keys() : []),
      url: location.href,
      historyLength: history.length,
    };
  });
}

test.describe('the admin key', () => {
  test('after a full session it is in no storage, cookie, address or console message', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const consoleMessages: string[] = [];
    page.on('console', (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleMessages.push(`pageerror: ${error.message}`));
    const addresses = new Set<string>();
    page.on('framenavigated', (frame) => addresses.add(frame.url()));
    page.on('request', (request) => addresses.add(request.url()));
    // What the page's security policy refused, which browsers report as issues.
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP refused ${event.violatedDirective}: ${event.blockedURI}`),
      ),
    );

    await connected(page);
    const name = unique('Hygiene');
    await createTokenInForm(page, name);

    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(page).toHaveURL(/q=Hygiene/);
    const row = rowOf(page, name);
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit token' });
    await edit.getByLabel('Name').fill(`${name} edited`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();

    await rowOf(page, `${name} edited`).getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText(`Key of “${name} edited” copied`)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^sk-[0-9A-Za-z]{48}$/);

    for (const format of ['CSV', 'JSON']) {
      await page.getByRole('button', { name: 'Export' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: format }).click();
      const exported = readFileSync(await (await downloading).path(), 'utf8');
      expect(exported).toContain(name);
      expect(exported).not.toContain(ADMIN_KEY);
    }
    await page.getByRole('button', { name: 'Activity' }).click();
    await page
      .getByRole('dialog', { name: 'Activity' })
      .getByRole('button', { name: 'Copy as curl' })
      .first()
      .click();
    // Until the copy lands the clipboard still holds the token's key, which would prove nothing.
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    await expect.poll(clipboard).toMatch(/^curl /);
    expect(await clipboard()).not.toContain(ADMIN_KEY);
    await page.keyboard.press('Escape');

    // While connected the key is in sessionStorage, and this reading of storage finds it there.
    const during = await storedByPage(page);
    expect(during.session).toContain(ADMIN_KEY);
    expect(during.local).not.toContain(ADMIN_KEY);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('You are logged out')).toBeVisible();
    const after = await storedByPage(page);
    for (const place of ['local', 'session', 'cookie', 'indexedDb', 'caches', 'url'] as const) {
      expect(after[place], `the key in ${place}`).not.toContain(ADMIN_KEY);
    }
    for (const cookie of await context.cookies()) {
      expect(cookie.value).not.toContain(ADMIN_KEY);
    }

    // Step back through every history entry of the tab and read each address.
    for (let step = 1; step < after.historyLength; step++) {
      if (!(await page.goBack())) break;
      addresses.add(page.url());
    }
    const leakingAddresses = [...addresses].filter(
      (address) => address.includes(ADMIN_KEY) || address.includes(encodeURIComponent(ADMIN_KEY)),
    );
    expect(leakingAddresses).toEqual([]);
    expect(addresses.size).toBeGreaterThan(3);
    expect(consoleMessages.filter((message) => message.includes(ADMIN_KEY))).toEqual([]);
    // Nothing went wrong on the way, so nothing above was skipped by a failure.
    expect(consoleMessages.filter((message) => /^(error|pageerror):/.test(message))).toEqual([]);
  });
});

const HOSTILE = {
  img: '<img src=x onerror=window.__pwned=1>',
  script: '<script>window.__pwned=1</script>',
  longWord: `Wide${'W'.repeat(46)}`,
  longest: '测'.repeat(50),
  arabic: 'مفتاح الإنتاج production key 1',
  hebrew: 'מפתח ראשי – main key (staging)',
};

/** Fails when the element's text is cut off (clamped, ellipsised or scrolled away). */
async function expectWhole(locator: Locator) {
  await expect(locator).toBeVisible();
  const cut = await locator.evaluate(
    (element) =>
      element.scrollWidth > element.clientWidth + 1 ||
      element.scrollHeight > element.clientHeight + 1,
  );
  expect(cut, 'the text is cut off').toBe(false);
}

/** Elements that scroll sideways, named by their role or tag for the failure message. */
const sidewaysScrollers = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push(`page (${root.scrollWidth}px)`);
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(element);
      if (['auto', 'scroll'].includes(overflowX) && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${element.getAttribute('role') ?? element.tagName} (${element.scrollWidth}px)`);
      }
    }
    return found;
  });

test.describe('hostile token names', () => {
  let own: RunningService;
  test.beforeAll(async ({ request }) => {
    own = await startService();
    for (const name of Object.values(HOSTILE)) {
      await createToken(request, { name, remain_quota: 1_000_000 }, own.adminKey, own.url);
    }
  });
  test.afterAll(async () => own.stop());

  async function openTable(page: Page) {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await connect(page, own.adminKey, own.url);
    await expect(page.getByText('6 tokens')).toBeVisible();
    return dialogs;
  }

  const pwned = (page: Page) =>
    page.evaluate(() => ({
      flag: (window as Window & { __pwned?: unknown }).__pwned,
      injected: document.querySelectorAll('img[src="x"], body script:not([src])').length,
    }));

  test('render as text, run nothing and keep the table whole at 1366 px', async ({ page }) => {
    const dialogs = await openTable(page);
    for (const name of Object.values(HOSTILE)) {
      const row = rowOf(page, name);
      await expect(row).toHaveCount(1);
      await expectWhole(row.getByText(name, { exact: true }));
      for (const action of ['Edit', 'Disable', 'Copy key', 'Delete']) {
        const button = row.getByRole('button', { name: action });
        await expect(button).toBeInViewport();
        // A trial click checks that the button is visible, stable and not covered.
        await button.click({ trial: true });
      }
    }
    // Right-to-left names stay in their cell: the row keeps its column order.
    const cells = rowOf(page, HOSTILE.arabic).getByRole('cell');
    const nameBox = await cells.nth(1).boundingBox();
    const keyBox = await cells.nth(2).boundingBox();
    expect(nameBox && keyBox && nameBox.x < keyBox.x).toBe(true);
    await screenshot(page, 'hostile-names-1366');
    expect(await sidewaysScrollers(page)).toEqual([]);

    // The names also pass through the dialogs and notifications as text.
    const script = rowOf(page, HOSTILE.script);
    await script.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit token' });
    await expect(edit.getByLabel('Name')).toHaveValue(HOSTILE.script);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`Token “${HOSTILE.script}” saved`)).toBeVisible();
    const img = rowOf(page, HOSTILE.img);
    await img.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText(`Token “${HOSTILE.img}” disabled`)).toBeVisible();
    await img.getByRole('button', { name: 'Enable' }).click();
    await rowOf(page, HOSTILE.longWord).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete token' });
    await expect(confirm).toContainText(HOSTILE.longWord);
    await screenshot(page, 'hostile-delete-1366');
    expect(await sidewaysScrollers(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    expect(await pwned(page)).toEqual({ flag: undefined, injected: 0 });
    expect(dialogs).toEqual([]);
  });

  test.describe('at 390 px wide', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('cards show every name whole and keep their actions on screen', async ({ page }) => {
      const dialogs = await openTable(page);
      for (const name of Object.values(HOSTILE)) {
        const card = page.getByRole('article', { name });
        await expectWhole(card.getByText(name, { exact: true }));
        for (const action of ['Edit', 'Disable', 'Copy key', 'Delete']) {
          const button = card.getByRole('button', { name: action });
          await button.scrollIntoViewIfNeeded();
          await expect(button).toBeInViewport();
          await button.click({ trial: true });
        }
      }
      await screenshot(page, 'hostile-names-390');
      expect(await sidewaysScrollers(page)).toEqual([]);
      expect(await pwned(page)).toEqual({ flag: undefined, injected: 0 });
      expect(dialogs).toEqual([]);
    });
  });
});
