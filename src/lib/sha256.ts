/**
 * SHA-256 (FIPS 180-4) of a text's UTF-8 bytes, as lowercase hex. Written out rather than taken
 * from SubtleCrypto, which browsers offer only on https pages and localhost, while a dashboard
 * on a LAN address over plain http needs it too.
 */
const ROUND_CONSTANTS = Uint32Array.from(
  // The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  firstPrimes(64).map((prime) => fraction32(Math.cbrt(prime))),
);
const INITIAL_STATE = firstPrimes(8).map((prime) => fraction32(Math.sqrt(prime)));

function firstPrimes(count: number): number[] {
  const primes: number[] = [];
  for (let candidate = 2; primes.length < count; candidate++) {
    if (primes.every((prime) => candidate % prime !== 0)) primes.push(candidate);
  }
  return primes;
}

function fraction32(value: number): number {
  return Math.floor((value - Math.floor(value)) * 2 ** 32) >>> 0;
}

const rotate = (value: number, bits: number) => (value >>> bits) | (value << (32 - bits));

/** The message padded to whole 64-byte blocks: a 1 bit, zeros, then its length in bits. */
function padded(bytes: Uint8Array): DataView {
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const buffer = new Uint8Array(length);
  buffer.set(bytes);
  buffer[bytes.length] = 0x80;
  const view = new DataView(buffer.buffer);
  const bits = bytes.length * 8;
  view.setUint32(length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(length - 4, bits >>> 0);
  return view;
}

export function sha256Hex(text: string): string {
  const view = padded(new TextEncoder().encode(text));
  const state = [...INITIAL_STATE];
  const words = new Uint32Array(64);
  for (let block = 0; block < view.byteLength; block += 64) {
    for (let i = 0; i < 16; i++) words[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const w15 = words[i - 15]!;
      const w2 = words[i - 2]!;
      const s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >>> 3);
      const s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >>> 10);
      words[i] = (words[i - 16]! + s0 + words[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = state as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < 64; i++) {
      const sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25);
      const choice = (e & f) ^ (~e & g);
      const t1 = (h + sum1 + choice + ROUND_CONSTANTS[i]! + words[i]!) >>> 0;
      const sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22);
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (sum0 + majority) >>> 0;
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, h].forEach((value, i) => {
      state[i] = (state[i]! + value) >>> 0;
    });
  }
  return state.map((word) => word.toString(16).padStart(8, '0')).join('');
}
