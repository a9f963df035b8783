import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from './curl';

describe('copy as curl', () => {
  it('writes the admin key as $ADMIN_KEY by default', () => {
    expect(
      toCurl({ method: 'GET', url: 'http://127.0.0.1:3000/api/token/?p=1', body: undefined }),
    ).toBe(`curl -sS 'http://127.0.0.1:3000/api/token/?p=1' -H "Authorization: Bearer $ADMIN_KEY"`);
  });

  it('includes the key, the method and the JSON body when asked', () => {
    expect(
      toCurl(
        { method: 'POST', url: 'http://h/api/token/', body: '{"name":"a"}' },
        { adminKey: 'k3y' },
      ),
    ).toBe(
      `curl -sS -X POST 'http://h/api/token/' -H 'Authorization: Bearer k3y' -H 'Content-Type: application/json' --data-raw '{"name":"a"}'`,
    );
  });

  it('sends New-Api-User when the connection has a user id, as older new-api releases need', () => {
    const command = toCurl(
      { method: 'GET', url: 'http://h/api/token/?p=1', body: undefined },
      { userId: '42' },
    );
    expect(command).toBe(
      `curl -sS 'http://h/api/token/?p=1' -H "Authorization: Bearer $ADMIN_KEY" -H 'New-Api-User: 42'`,
    );
    expect(toCurl({ method: 'GET', url: 'http://h/', body: undefined })).not.toContain(
      'New-Api-User',
    );
  });

  it('quotes bodies so a shell passes them through unchanged', () => {
    const body = JSON.stringify({ name: `it's "quoted" $HOME \`x\`` });
    const echoed = execFileSync('sh', ['-c', `printf %s ${shellQuote(body)}`]).toString();
    expect(echoed).toBe(body);
  });
});

describe('curl for an open route', () => {
  it('sends no key and no user id, even when asked to include the key', () => {
    const command = toCurl(
      { method: 'GET', url: 'http://h/healthz', body: undefined },
      { adminKey: 'k3y', userId: '1', keyless: true },
    );
    expect(command).toBe(`curl -sS 'http://h/healthz'`);
  });
});

describe('curl for a call made with a token’s key', () => {
  it('writes the key as $TOKEN_KEY, never the admin key or the user id', () => {
    const command = toCurl(
      {
        method: 'POST',
        url: 'http://h/v1/chat/completions',
        body: '{"model":"m"}',
        tokenKey: true,
      },
      { adminKey: 'admin-k3y', userId: '1' },
    );
    expect(command).toBe(
      `curl -sS -X POST 'http://h/v1/chat/completions' -H "Authorization: Bearer $TOKEN_KEY" -H 'Content-Type: application/json' --data-raw '{"model":"m"}'`,
    );
  });
});
