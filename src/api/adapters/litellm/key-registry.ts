import type { LiteLlmKey } from '../../../contract/litellm';
import { idOfHash, toToken, type LiteLlmToken } from './key-model';

/**
 * Every key read this session, by the dashboard's number for it: LiteLLM's routes take the hash,
 * which the number is made from but cannot give back, and a write needs the key's spend in USD
 * exactly as stored, not as rounded to units.
 */
export function keyRegistry(ratio: () => number, now: () => number) {
  const known = new Map<number, LiteLlmKey>();
  return {
    /** The key in the dashboard's model, kept for the writes that follow. */
    remember(key: LiteLlmKey): LiteLlmToken {
      known.set(idOfHash(key.token), key);
      return toToken(key, ratio(), now());
    },
    raw: (id: number): LiteLlmKey | undefined => known.get(id),
    forget(ids: readonly number[]) {
      for (const id of ids) known.delete(id);
    },
    /** The name a key is shown with, where it has been read. */
    nameOfHash(hash: string): string | undefined {
      const key = known.get(idOfHash(hash));
      return key ? toToken(key, ratio(), now()).name : undefined;
    },
  };
}

export type KeyRegistry = ReturnType<typeof keyRegistry>;
