import { expect, test } from './support/test';
import {
  ADMIN_KEY,
  connect,
  connected,
  createToken,
  getToken,
  lazyPartsLoaded,
  rowOf,
  screenshot,
  unique,
} from './support/app';
import { startService } from './support/service';

test.describe('connecting', () => {
  test('a wrong key is said to be refused; the right key opens the tokens', async ({ page }) => {
    await connect(page, 'not-the-admin-key');
    const keyField = page.getByLabel('Admin key');
    await expect(page.getByText('The server did not accept this admin key')).toBeVisible();
    await expect(keyField).toHaveAccessibleDescription(
      /The server did not accept this admin key: check it for typos/,
    );
    await expect(keyField).toHaveValue('not-the-admin-key');

    await keyField.fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();
  });

  test('the key survives a reload but not a new browser context, and never leaves sessionStorage', async ({
    page,
    browser,
  }) => {
    await connected(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();

    const stored = await page.evaluate(() => ({
      session: JSON.stringify(sessionStorage),
      local: JSON.stringify(localStorage),
      cookie: document.cookie,
      url: location.href,
    }));
    expect(stored.session).toContain(ADMIN_KEY);
    expect(stored.local).not.toContain(ADMIN_KEY);
    expect(stored.cookie).not.toContain(ADMIN_KEY);
    expect(stored.url).not.toContain(ADMIN_KEY);

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/');
    await expect(otherPage.getByLabel('Admin key')).toBeVisible();
    await other.close();
  });

  for (const [name, viewport] of [
    ['wide', { width: 1350, height: 940 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`a reload draws the token list without moving what is drawn (${name})`, async ({
      page,
    }) => {
      await createToken(page.request, { name: unique('Steady') });
      await page.setViewportSize(viewport);
      await connected(page);
      await page.addInitScript(() => {
        const seen: { value: number; what: string }[] = [];
        (window as unknown as { shifts: typeof seen }).shifts = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources: { node?: Node | null }[];
          })[]) {
            const what = entry.sources.map((source) => source.node?.textContent ?? '').join(' | ');
            seen.push({ value: entry.value, what: what.slice(0, 120) });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // A slow phone's processor: what arrives late arrives later still.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.reload();
      // What is measured is movement, not speed: slowed four times on a busy machine, the rows once
      // took longer than the usual 10 s to be drawn.
      await expect(page.getByText(/1–\d+ of \d+/)).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(1_000);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
      expect(shifts).toEqual([]);
    });
  }

  for (const [name, viewport, scheme] of [
    ['1366', { width: 1366, height: 900 }, 'light'],
    ['dark-390', { width: 390, height: 844 }, 'dark'],
  ] as const) {
    test(`a reload paints the screens’ frame before the app’s code arrives, and the app takes its place (${name})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      await connected(page);
      // The app's code held back, as on a slow connection.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const appName = page.getByText('Tokendesk', { exact: true }).filter({ visible: true });
      await page.reload({ waitUntil: 'commit' });
      await expect(appName).toHaveCount(1);
      await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toHaveCount(0);
      await screenshot(page, `reload-frame-${name}`);
      release();
      await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();
      // The app's own header, the frame gone.
      await expect(appName).toHaveCount(1);
      await expect(page.getByRole('heading', { name: 'Tokendesk' })).toBeVisible();
      // On a phone, logging out is in the header's menu.
      if (viewport.width < 768) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('menuitem', { name: 'Log out' }).click();
      } else {
        await page.getByRole('button', { name: 'Log out' }).click();
      }
      await expect(page.getByLabel('Admin key')).toBeVisible();
      await expect(appName).toHaveCount(1);
    });
  }

  test('a fresh connect and a signed-in reload each ask once for the status and the list', async ({
    page,
    request,
  }) => {
    await createToken(request, { name: unique('Listed') });
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/status') asked.push(url.pathname);
      // The first page; the next one is fetched ahead on purpose, once.
      if (url.pathname === '/api/token/' && url.searchParams.get('p') === '1') {
        asked.push(`${url.pathname}${url.search}`);
      }
    });
    const settled = async () => {
      await expect(
        page
          .getByRole('row')
          .filter({ has: page.getByRole('cell') })
          .first(),
      ).toBeVisible();
      // Long enough for a second ask, had there been one, to have been sent.
      await page.waitForTimeout(1_500);
    };

    await connected(page);
    await settled();
    expect(asked.toSorted()).toEqual(['/api/status', '/api/token/?p=1&size=20&order=-id']);

    asked.length = 0;
    await page.reload();
    await settled();
    expect(asked.toSorted()).toEqual(['/api/status', '/api/token/?p=1&size=20&order=-id']);
  });

  test('log out forgets the key', async ({ page }) => {
    await connected(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByLabel('Admin key')).toBeVisible();
    await expect(page.getByText('You are logged out')).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(ADMIN_KEY);
    await page.reload();
    await expect(page.getByLabel('Admin key')).toBeVisible();
  });

  test('an unreachable server is named as such', async ({ page }) => {
    const own = await startService();
    await page.goto(own.url);
    await page.getByLabel('Admin key').fill(own.adminKey);
    // The connect step (the build's session file) and the form's checks (a file of their own)
    // are fetched once the page is idle, each after what it imports, so they run even while the
    // server is away: wait until both and every file asked for before them have arrived.
    await page.waitForFunction(() => {
      const arrived = new Set(
        performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      );
      const asked = [...document.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map(
        (link) => new URL(link.href).pathname,
      );
      return (
        asked.some((path) => /\/session-[\w-]{8}\.js$/.test(path)) &&
        asked.some((path) => /\/connect-form-[\w-]{8}\.js$/.test(path)) &&
        asked.every((path) => arrived.has(path))
      );
    });
    await own.stop();
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: `Cannot reach the server at 127.0.0.1:${own.port}` }),
    ).toBeVisible();
  });

  test('a server other than the page’s own is refused by its security policy, and says so', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Admin key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.getByLabel('Server address').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'This page may only connect to the server it came from, not to 127.0.0.1:9',
      }),
    ).toBeVisible();
  });
});

test.describe('the token table', () => {
  test('shows $2.00 for 1,000,000 units, and follows a new ratio at once', async ({
    page,
    request,
  }) => {
    // A service of its own: the ratio is the service's, and other tests read figures meanwhile.
    const own = await startService();
    try {
      const name = unique('Ratio check');
      await createToken(request, { name, remain_quota: 1_000_000 }, own.adminKey, own.url);
      await connect(page, own.adminKey, own.url);
      const row = rowOf(page, name);
      await expect(row.getByText('$2.00')).toBeVisible();
      // Beside the dollars on the table's one line, the units are shortened.
      await expect(row.getByText('1M units')).toBeVisible();
      await expect(row.getByText('Enabled')).toBeVisible();
      await expect(row.getByText('Never')).toBeVisible();
      await expect(row.getByText(/^sk-[0-9A-Za-z]{4}\*{10}[0-9A-Za-z]{4}$/)).toBeVisible();

      await page.getByRole('button', { name: 'Settings' }).click();
      const drawer = page.getByRole('dialog', { name: 'Settings' });
      await expect(drawer.getByLabel('Quota units per USD')).toHaveValue('500000');
      await screenshot(page, 'settings-1366');
      await drawer.getByLabel('Quota units per USD').fill('1000000');
      await drawer.getByRole('button', { name: 'Save ratio' }).click();
      await expect(row.getByText('$1.00')).toBeVisible();
      await expect(drawer.getByText('1,000,000 units = $1.00')).toBeVisible();
      await drawer.getByText('Units', { exact: true }).click();
      await expect(row.getByText('1,000,000 units')).toBeVisible();
      await expect(row.getByText('$1.00')).toHaveCount(0);
      await drawer.getByText('Both', { exact: true }).click();
    } finally {
      await own.stop();
    }
  });

  test('an empty list invites creating the first token', async ({ page }) => {
    const own = await startService();
    try {
      await connect(page, own.adminKey, own.url);
      await expect(page.getByText('No tokens yet')).toBeVisible();
      await page.getByRole('button', { name: 'Create the first token' }).click();
      await expect(page.getByRole('dialog', { name: 'Create token' })).toBeVisible();
    } finally {
      await own.stop();
    }
  });

  test('pages through tokens with a page size and a total', async ({ page, request }) => {
    const own = await startService();
    try {
      for (let i = 1; i <= 23; i++) {
        await createToken(
          request,
          { name: `Paged ${String(i).padStart(2, '0')}`, remain_quota: i },
          own.adminKey,
          own.url,
        );
      }
      await connect(page, own.adminKey, own.url);
      await expect(page.getByText('23 tokens')).toBeVisible();
      await expect(page.getByText('1–20 of 23')).toBeVisible();
      await expect(rowOf(page, 'Paged 23')).toBeVisible();
      await page.getByRole('button', { name: '2', exact: true }).click();
      await expect(page.getByText('21–23 of 23')).toBeVisible();
      await expect(rowOf(page, 'Paged 01')).toBeVisible();
      await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
      await expect(page.getByText('1–10 of 23')).toBeVisible();
      await page.getByRole('button', { name: '3', exact: true }).click();
      await expect(page.getByText('21–23 of 23')).toBeVisible();
      await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
      await expect(page.getByText('1–23 of 23')).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(24);
    } finally {
      await own.stop();
    }
  });
});

test.describe('creating, editing and deleting', () => {
  test('creates a token and shows its key once, with a working Copy button', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = unique('Created in UI');
    await connected(page);
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByText('= 500,000 units')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Quota' }).fill('2');
    await expect(dialog.getByText('= 1,000,000 units')).toBeVisible();
    await screenshot(page, 'create-1366');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Token created' });
    await expect(shown.getByText('Later, Copy key on its row copies it again.')).toBeVisible();
    const key = (await shown.getByTestId('new-key').textContent()) ?? '';
    expect(key).toMatch(/^sk-[0-9A-Za-z]{48}$/);
    await screenshot(page, 'key-shown-1366');
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();

    const row = rowOf(page, name);
    await expect(row.getByText('$2.00')).toBeVisible();
    await expect(row).not.toContainText(key.slice(3));
    await screenshot(page, 'table-1366');

    await row.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText(`Key of “${name}” copied`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  });

  test('a name that is too long shows the message and keeps everything typed', async ({ page }) => {
    await connected(page);
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    const longName = 'n'.repeat(51);
    await dialog.getByLabel('Name').fill(longName);
    await dialog.getByRole('textbox', { name: 'Quota' }).fill('7.5');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(dialog.getByText('Name must be 1 to 50 characters.')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue(longName);
    await expect(dialog.getByRole('textbox', { name: 'Quota' })).toHaveValue('7.5');
  });

  test('edits name and quota, keeping the fields the form leaves alone', async ({
    page,
    request,
  }) => {
    const name = unique('Before edit');
    const created = await createToken(request, {
      name,
      remain_quota: 500_000,
      models: 'gpt-4o,claude-3',
      subnet: '10.0.0.0/8',
      expired_time: Math.floor(Date.now() / 1000) + 86_400 * 10,
    });
    const before = await getToken(request, created.id);
    await connected(page);
    await rowOf(page, name).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit token' });
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await expect(dialog.getByRole('textbox', { name: 'Quota' })).toHaveValue('1');
    const renamed = unique('After edit');
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('textbox', { name: 'Quota' }).fill('3');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    const row = rowOf(page, renamed);
    await expect(row.getByText('$3.00')).toBeVisible();

    const after = await getToken(request, created.id);
    expect(after).toMatchObject({
      name: renamed,
      remain_quota: 1_500_000,
      models: before.models,
      subnet: before.subnet,
      expired_time: before.expired_time,
      unlimited_quota: false,
    });
  });

  test('disables and enables a token from its row', async ({ page, request }) => {
    const name = unique('Toggle me');
    await createToken(request, { name, remain_quota: 100 });
    await connected(page);
    const row = rowOf(page, name);
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByText('Disabled')).toBeVisible();
    await expect(page.getByText(`Token “${name}” disabled`)).toBeVisible();
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(row.getByText('Enabled')).toBeVisible();
  });

  test('a switch from a row can be undone from its note, which covers no row action', async ({
    page,
    request,
  }) => {
    // A full page, the token switched at its top, in a window the table runs past the foot of.
    for (let i = 0; i < 9; i += 1) await createToken(request, { name: unique('Filler') });
    const name = unique('Undo me');
    await createToken(request, { name, remain_quota: 100 });
    await page.setViewportSize({ width: 1366, height: 620 });
    await connected(page);
    const row = rowOf(page, name);
    await row.getByRole('button', { name: 'Disable' }).click();
    const note = page.getByRole('alert').filter({ hasText: `Token “${name}” disabled` });
    await expect(note).toBeVisible();
    await expect(row.getByText('Disabled')).toBeVisible();

    const noteBox = (await note.boundingBox())!;
    const actions = await page.getByRole('group', { name: /^Actions for / }).all();
    expect(actions.length).toBeGreaterThan(5);
    for (const group of actions) {
      const box = await group.boundingBox();
      if (!box) continue;
      const apart =
        box.x + box.width <= noteBox.x ||
        noteBox.x + noteBox.width <= box.x ||
        box.y + box.height <= noteBox.y ||
        noteBox.y + noteBox.height <= box.y;
      expect(apart, `the note covers ${await group.getAttribute('aria-label')}`).toBe(true);
    }

    await note.getByRole('button', { name: 'Undo' }).click();
    await expect(row.getByText('Enabled')).toBeVisible();
    const undone = page.getByRole('alert').filter({ hasText: `Token “${name}” enabled` });
    await expect(undone).toBeVisible();
    await expect(undone.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(note).toBeHidden();
  });

  test('the details offer the row’s actions: switch, copy the key, and delete, which closes them', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = unique('From details');
    const created = await createToken(request, { name, remain_quota: 100 });
    await connected(page);
    await rowOf(page, name).getByRole('link', { name }).click();
    const drawer = page.getByRole('dialog', { name: `Token: ${name}` });
    const actions = drawer.getByRole('group', { name: `Actions for ${name}` });

    await actions.getByRole('button', { name: 'Disable' }).click();
    await expect(drawer).toContainText('Switched off: requests with this key are refused.');
    await expect(page.getByRole('alert').filter({ hasText: 'disabled' })).toBeVisible();
    await actions.getByRole('button', { name: 'Enable' }).click();
    await expect(drawer).toContainText('Keys pass while quota remains.');

    await actions.getByRole('button', { name: 'Copy key' }).click();
    await expect(page.getByText(`Key of “${name}” copied`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`sk-${created.key}`);

    await actions.getByRole('button', { name: 'Delete…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete token' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Delete token' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByText(`Token “${name}” deleted`)).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('details')).toBeNull();
  });

  test('enabling an expired token is refused with the server’s message and rolled back', async ({
    page,
    request,
  }) => {
    const name = unique('Expired one');
    const created = await createToken(request, {
      name,
      remain_quota: 100,
      expired_time: 1_000_000,
    });
    await request.put('/api/token/?status_only=true', {
      headers: { Authorization: `Bearer ${ADMIN_KEY}` },
      data: { id: created.id, status: 2 },
    });
    await connected(page);
    const row = rowOf(page, name);
    await expect(row.getByText('Disabled')).toBeVisible();
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByText(/expired: change the expiry first/)).toBeVisible();
    await expect(row.getByText('Disabled')).toBeVisible();
  });

  test('a rename keeps the quota the key spent while the form was open', async ({
    page,
    request,
  }) => {
    const name = unique('In use');
    const created = await createToken(request, { name, remain_quota: 500_000 });
    await connected(page);
    await rowOf(page, name).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit token' });
    await expect(dialog.getByRole('textbox', { name: 'Quota' })).toHaveValue('1');
    // A gateway charges the key while the form is open.
    const charged = await request.post('/api/token/verify', {
      headers: { Authorization: `Bearer ${ADMIN_KEY}` },
      data: { key: created.key, cost: 12_345 },
    });
    expect(charged.status()).toBe(200);
    const renamed = unique('In use, renamed');
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    expect(await getToken(request, created.id)).toMatchObject({
      name: renamed,
      remain_quota: 500_000 - 12_345,
      used_quota: 12_345,
    });
  });

  test('a token that has expired or run out can still be renamed and topped up', async ({
    page,
    request,
  }) => {
    const expired = unique('Lapsed');
    const spent = unique('Spent');
    await createToken(request, { name: expired, remain_quota: 100, expired_time: 1_000_000 });
    await createToken(request, { name: spent, remain_quota: 0 });
    await connected(page);

    await rowOf(page, expired).getByRole('button', { name: 'Edit' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit token' });
    await dialog.getByLabel('Name').fill(`${expired} renamed`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, `${expired} renamed`).getByText('Expired')).toBeVisible();

    await rowOf(page, spent).getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit token' });
    await dialog.getByRole('textbox', { name: 'Quota' }).fill('3');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, spent).getByText('Enabled')).toBeVisible();
    await expect(rowOf(page, spent).getByText('$3.00')).toBeVisible();
  });

  test('deletes a token after a confirmation naming it', async ({ page, request }) => {
    const name = unique('Delete me');
    await createToken(request, { name });
    await connected(page);
    await rowOf(page, name).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete token' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Delete token' }).click();
    await expect(rowOf(page, name)).toHaveCount(0);
    await expect(page.getByText(`Token “${name}” deleted`)).toBeVisible();
  });
});

test.describe('when the service misbehaves', () => {
  test('a stopped service shows a clear error and the table recovers when it returns', async ({
    page,
    request,
  }) => {
    const own = await startService();
    await createToken(request, { name: 'Survivor' }, own.adminKey, own.url);
    await connect(page, own.adminKey, own.url);
    await expect(rowOf(page, 'Survivor')).toBeVisible();
    // The forms are fetched once the page is idle, so they open even while the server is away.
    await lazyPartsLoaded(page);

    await own.stop();
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    await dialog.getByLabel('Name').fill('Typed while down');
    await dialog.getByRole('button', { name: 'Create token' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Cannot reach the server');
    await expect(dialog.getByLabel('Name')).toHaveValue('Typed while down');

    const back = await startService({
      port: own.port,
      dataDir: own.dataDir,
      adminKey: own.adminKey,
    });
    try {
      await dialog.getByRole('button', { name: 'Create token' }).click();
      await expect(page.getByRole('dialog', { name: 'Token created' })).toBeVisible();
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(rowOf(page, 'Typed while down')).toBeVisible();
      await expect(rowOf(page, 'Survivor')).toBeVisible();
    } finally {
      await back.stop();
    }
  });

  test('a row action against a stopped service says at once what failed and why, until closed', async ({
    page,
    request,
  }) => {
    const own = await startService();
    await createToken(request, { name: 'Prod backend', remain_quota: 100 }, own.adminKey, own.url);
    await connect(page, own.adminKey, own.url);
    const row = rowOf(page, 'Prod backend');
    await expect(row).toBeVisible();

    await own.stop();
    // Whether the header ever says the server is slow, over the next seconds.
    const saidSlow = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const slow = () => document.body.textContent?.includes('The server is slow') ?? false;
          const watch = new MutationObserver(() => slow() && resolve(true));
          watch.observe(document.body, { subtree: true, childList: true, characterData: true });
          setTimeout(() => resolve(slow()), 6_000);
        }),
    );
    await row.getByRole('button', { name: 'Disable' }).click();
    const note = page.getByRole('alert').filter({ hasText: 'Couldn’t disable “Prod backend”' });
    await expect(note).toBeVisible({ timeout: 1_500 });
    await expect(note).toContainText(`Cannot reach the server at 127.0.0.1:${own.port}`);
    await expect(row.getByText('Enabled')).toBeVisible();
    expect(await saidSlow).toBe(false);
    // Six seconds on, past the time a success note stays: it is still there until closed.
    await expect(note).toBeVisible();
    await note.getByRole('button', { name: 'Close' }).click();
    await expect(note).toBeHidden();
  });

  for (const [name, viewport, scheme] of [
    ['1366', { width: 1366, height: 900 }, 'light'],
    ['dark-390', { width: 390, height: 844 }, 'dark'],
  ] as const) {
    test(`a failure shows, though the server went away before the notes’ container was fetched (${name})`, async ({
      page,
      request,
    }) => {
      const own = await startService();
      await createToken(
        request,
        { name: 'Prod backend', remain_quota: 100 },
        own.adminKey,
        own.url,
      );
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      // The container's file never arrives, as when the server stops before it is fetched.
      await page.route(/\/assets\/placed-notifications-[\w-]+\.js$/, (route) => route.abort());
      await connect(page, own.adminKey, own.url);
      // A row on a wide screen, a card on a phone.
      const row =
        viewport.width > 390
          ? rowOf(page, 'Prod backend')
          : page.getByRole('article', { name: 'Prod backend' });
      await expect(row).toBeVisible();

      await own.stop();
      await row.getByRole('button', { name: 'Disable' }).click();
      const note = page.getByRole('alert').filter({ hasText: 'Couldn’t disable “Prod backend”' });
      await expect(note).toBeVisible({ timeout: 1_500 });
      await expect(note).toContainText(`Cannot reach the server at 127.0.0.1:${own.port}`);
      await expect(note).toBeInViewport({ ratio: 1 });
      await screenshot(page, `failure-without-notes-container-${name}`);
      await note.getByRole('button', { name: 'Close' }).click();
      await expect(note).toBeHidden();
      await expect(row.getByText('Enabled')).toBeVisible();
    });
  }

  test('a key that stops working returns to the connect screen with the reason', async ({
    page,
  }) => {
    const own = await startService();
    await connect(page, own.adminKey, own.url);
    await expect(page.getByRole('heading', { name: 'Tokens', exact: true })).toBeVisible();
    await own.stop();
    const changed = await startService({
      port: own.port,
      dataDir: own.dataDir,
      adminKey: 'a-different-admin-key-0123456789',
    });
    try {
      await page.reload();
      await expect(
        page.getByText('The server refused this admin key: it may have been revoked.'),
      ).toBeVisible();
      await expect(page.getByLabel('Admin key')).toBeVisible();
    } finally {
      await changed.stop();
    }
  });
});
