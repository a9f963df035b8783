import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/**
 * The headers of the Standard Webhooks specification: the event id (the same on every attempt,
 * so receivers deduplicate by it), the time of this attempt, and `v1,` with the base64
 * HMAC-SHA256 of `id.timestamp.body` under the secret's bytes (the base64 after whsec_).
 */
export function signatureHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}
