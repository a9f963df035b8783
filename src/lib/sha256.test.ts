import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';

describe('SHA-256', () => {
  it('gives the standard digests', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('matches Node’s for keys, multi-byte text and lengths around a block', () => {
    const texts = [
      'sk-1234',
      'sk-Fn8Ej39NxjAXrvpUGKghGw',
      '令牌 and € signs',
      ...[55, 56, 63, 64, 65, 119, 120, 200].map((length) => 'x'.repeat(length)),
    ];
    for (const text of texts) {
      expect(sha256Hex(text), text).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });
});
