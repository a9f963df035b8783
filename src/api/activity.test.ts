import { afterEach, describe, expect, it, vi } from 'vitest';
import { activityLog, redactKeys } from './activity';
import { createBackend } from './create-backend';

const key = 'AbCd0123456789012345678901234567890123456789WxYz';
const ok = (data: unknown) => Response.json({ success: true, message: '', data });
const oneApiToken = {
  id: 5,
  user_id: 1,
  key,
  status: 1,
  name: 'prod',
  created_time: 1,
  accessed_time: 1,
  expired_time: -1,
  remain_quota: 100,
  unlimited_quota: false,
  used_quota: 0,
  models: '',
  subnet: '',
};

afterEach(() => {
  vi.unstubAllGlobals();
  activityLog.clear();
});

describe('the activity log', () => {
  it('keeps no whole key from a gateway that sends keys in every answer', async () => {
    for (const kind of ['one-api', 'new-api'] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          if (url.endsWith('/key')) return ok({ key });
          if (!url.includes('?')) return ok(oneApiToken);
          const items = [oneApiToken];
          return ok(kind === 'one-api' ? items : { page: 1, page_size: 10, total: 1, items });
        }),
      );
      const backend = createBackend(
        { baseUrl: 'http://gw.test', adminKey: 'admin', kind },
        { onCall: activityLog.add },
      );
      const token = await backend.get(5);
      await backend.update(token, { name: 'renamed' });
      expect(await backend.reveal(5)).toBe(key);
      await backend.list({ p: 1, size: 10, token: `sk-${key}` });
    }
    const logged = JSON.stringify(activityLog.get());
    expect(activityLog.get().some((call) => call.method === 'PUT')).toBe(true);
    expect(logged).not.toContain(key);
    expect(logged).toContain('AbCd…WxYz');
  });

  it('masks whole keys anywhere in a body or message, with or without sk-', () => {
    activityLog.add({
      id: 1,
      startedAt: 0,
      method: 'PUT',
      url: `http://gw.test/api/token/?token=${key}`,
      body: JSON.stringify({ id: 5, key, note: `sk-${key}` }),
      status: 200,
      durationMs: 1,
      outcome: `key sk-${key} refused`,
      ok: false,
    });
    const [call] = activityLog.get();
    expect(call?.body).toBe('{"id":5,"key":"AbCd…WxYz","note":"sk-AbCd…WxYz"}');
    expect(call?.outcome).toBe('key sk-AbCd…WxYz refused');
    expect(call?.url).toBe('http://gw.test/api/token/?token=AbCd…WxYz');
  });

  it('leaves text that is not a key alone', () => {
    const text = `{"name":"${'a'.repeat(47)}","models":"${'b'.repeat(49)}"}`;
    expect(redactKeys(text)).toBe(text);
  });
});
