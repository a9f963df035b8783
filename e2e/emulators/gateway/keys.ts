/** Token keys as the gateways make and mask them. */
import { randomBase62 } from '../../../server/random-key';

/** A gateway token key: 48 characters [0-9A-Za-z] from the CSPRNG, without `sk-`. */
export function generateKey(): string {
  return randomBase62(48);
}

/** new-api's MaskTokenKey: first 4 + 10 stars + last 4 (shorter keys as the gateway does). */
export function maskKey(key: string): string {
  if (key === '') return '';
  if (key.length <= 4) return '*'.repeat(key.length);
  if (key.length <= 8) return `${key.slice(0, 2)}****${key.slice(-2)}`;
  return `${key.slice(0, 4)}**********${key.slice(-4)}`;
}
