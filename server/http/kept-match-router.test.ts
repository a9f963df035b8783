import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { KeptMatchRouter } from './kept-match-router';

describe('KeptMatchRouter', () => {
  it('answers each path with its own handlers and parameters, asked once or again', async () => {
    const app = new Hono({ router: new KeptMatchRouter() });
    app.get('/token/search', (c) => c.text('search'));
    app.get('/token/:id', (c) => c.text(`token ${c.req.param('id')}`));
    const text = async (path: string, method = 'GET') =>
      (await app.request(path, { method })).text();
    for (let round = 0; round < 2; round += 1) {
      expect(await text('/token/1')).toBe('token 1');
      expect(await text('/token/2')).toBe('token 2');
      expect(await text('/token/search')).toBe('search');
      expect(await app.request('/token/1', { method: 'DELETE' })).toHaveProperty('status', 404);
    }
  });

  it('matches a route added after its path was matched', async () => {
    const app = new Hono({ router: new KeptMatchRouter() });
    app.get('/token/:id', (c) => c.text(`token ${c.req.param('id')}`));
    expect((await app.request('/usage')).status).toBe(404);
    app.get('/usage', (c) => c.text('usage'));
    expect(await (await app.request('/usage')).text()).toBe('usage');
  });
});
