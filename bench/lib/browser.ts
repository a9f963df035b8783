import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';
import { onCleanup } from './cleanup';
import { runCommand } from './run-command';

/** The flags the end-to-end suite uses, in Chromium's current headless mode. */
export const BROWSER_ARGS = [...CHROMIUM_ARGS, '--headless=new'];

/** The same Chromium the end-to-end suite finds, installed the same way when there is none. */
export async function ensureChromium(): Promise<void> {
  await runCommand(process.execPath, ['scripts/ensure-chromium.mjs']);
}

export function chromiumPath(): string {
  return findChromium() ?? chromium.executablePath();
}

export function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath(), ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
  const forget = onCleanup(() => browser.close());
  browser.once('disconnected', forget);
  return browser;
}

/**
 * A desktop-sized context. Functions the bench evaluates in the page are compiled by tsx, which
 * wraps named inner functions in a `__name` helper that exists only in Node: the page gets a
 * do-nothing one.
 */
export async function newDesktopContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  return context;
}
