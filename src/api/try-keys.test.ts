// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from './session';
import { tryKeys } from './try-keys';

const connection = { baseUrl: 'http://gw.test', adminKey: 'admin', kind: 'tokendesk' as const };

describe('the keys of tokens tried', () => {
  it('reveals a key once, keeps it for the session only, and never in storage', async () => {
    sessionStore.connect(connection);
    const reveal = vi.fn(async () => 'the-whole-key');
    expect(await tryKeys.get(7, reveal)).toBe('the-whole-key');
    expect(await tryKeys.get(7, reveal)).toBe('the-whole-key');
    expect(reveal).toHaveBeenCalledTimes(1);
    const stored = JSON.stringify({ ...localStorage, ...sessionStorage }) + window.location.href;
    expect(stored).not.toContain('the-whole-key');

    sessionStore.end('logout');
    expect(tryKeys.has(7)).toBe(false);
    sessionStore.connect(connection);
    await tryKeys.get(7, reveal);
    expect(reveal).toHaveBeenCalledTimes(2);
  });

  it('asks again after a failed reveal, and after a key is forgotten', async () => {
    const failing = vi.fn(async () => {
      throw new Error('refused');
    });
    await expect(tryKeys.get(8, failing)).rejects.toThrow('refused');
    expect(tryKeys.has(8)).toBe(false);
    const reveal = vi.fn(async () => 'key');
    await tryKeys.get(8, reveal);
    tryKeys.forget(8);
    await tryKeys.get(8, reveal);
    expect(reveal).toHaveBeenCalledTimes(2);
  });
});
