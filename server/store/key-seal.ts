import { createCipheriv, createDecipheriv, createHmac, hash } from 'node:crypto';
import { maskKey } from '../../src/contract/token';
import { pooledRandomBytes } from '../random-bytes';

/** What the database holds of a token key: never the key itself. */
export interface SealedKey {
  /** SHA-256 of the key: finds the token by its key (verify, search) in a unique index. */
  digest: Buffer;
  /** The key under AES-256-GCM with the secret: nonce, ciphertext, tag. Only reveal opens it. */
  sealed: Buffer;
  /** The first and last four characters, as every list shows the key. */
  masked: string;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_BYTES = 32;
/** What the secret check is computed over: any fixed text. */
const CHECK_TEXT = 'tokendesk: the secret that seals the token keys';

export function keyDigest(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

/**
 * Seals and opens token keys with the secret, which lives outside the database
 * (TOKENDESK_SECRET, or a file beside the SQLite database): a copy of the database alone
 * reveals no key.
 */
export class KeySeal {
  /** Stored once in the database, so a start with another secret is refused, not half-working. */
  readonly check: Buffer;

  constructor(private readonly secret: Buffer) {
    if (secret.length !== SECRET_BYTES) {
      throw new Error(`the secret that seals token keys must be ${SECRET_BYTES} bytes`);
    }
    this.check = createHmac('sha256', secret).update(CHECK_TEXT).digest();
  }

  seal(key: string): SealedKey {
    const nonce = pooledRandomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.secret, nonce);
    return {
      digest: keyDigest(key),
      sealed: Buffer.concat([
        nonce,
        cipher.update(key, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]),
      masked: maskKey(key),
    };
  }

  /** The whole key; throws when the sealed bytes were not made with this secret or were changed. */
  open(sealed: Uint8Array): string {
    const bytes = Buffer.from(sealed);
    const decipher = createDecipheriv('aes-256-gcm', this.secret, bytes.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
