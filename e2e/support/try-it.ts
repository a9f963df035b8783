import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN_KEY } from './app';

/** The demo's model, answered by the echo upstream built into the service; made once. */
export async function ensureEchoModel(request: APIRequestContext, baseUrl = '') {
  const response = await request.post(`${baseUrl}/api/model/`, {
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
    data: {
      name: 'demo-echo',
      upstream_url: 'http://echo.invalid/v1',
      input_price: 2.5,
      output_price: 10,
      max_output_tokens: 1_024,
    },
  });
  expect([200, 409]).toContain(response.status());
}

/** Sets a token's remaining quota through the API, as a script would. */
export async function setQuota(request: APIRequestContext, id: number, remain_quota: number) {
  const response = await request.put('/api/token/', {
    headers: { Authorization: `Bearer ${ADMIN_KEY}` },
    data: { id, remain_quota },
  });
  expect(response.ok()).toBe(true);
}

/** A message whose echo takes a few seconds to stream in, word by word. */
export const longMessage = (words: number, prefix = 'word') =>
  Array.from({ length: words }, (_, i) => `${prefix}${i + 1}`).join(' ');
