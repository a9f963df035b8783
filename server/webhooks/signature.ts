import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/**
 * The headers of the Standard Webhooks specification: the event id (the same on every attempt,
 * so receivers deduplicate by it), the time of this attempt, and for each secret `v1,` with the
 * base64 HMAC-SHA256 of `id.timestamp.body` under its bytes (the base64 after whsec_), separated
 * by spaces: a receiver accepts the request when any of them matches the secret it holds.
 */
export function signatureHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const sign = (secret: string) => {
    const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
    return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  };
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => `v1,${sign(secret)}`).join(' '),
  };
}
