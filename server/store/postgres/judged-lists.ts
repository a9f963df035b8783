import type { VerifiedToken } from '../verify-rules';

export type AllowLists = Pick<VerifiedToken, 'models' | 'subnet'>;

const NO_LISTS: AllowLists = { models: '', subnet: '' };
/** Characters of lists kept at most (a few MB); the key seen longest ago is forgotten first. */
const KEPT_CHARACTERS = 1_000_000;

const sizeOf = (lists: AllowLists) => lists.models.length + lists.subnet.length;

/**
 * The models and subnet each key's token had when a verify last read them, so that the next
 * verify of that key judges them before it reaches the database, which lets the key pass only
 * while they are still those (verify-function.ts). Only lists that say something are kept: any
 * other key is judged on empty lists, which is what most tokens have. A list changed through any
 * instance is found, and judged, by the next verify that reads it.
 */
export class JudgedLists {
  private readonly byDigest = new Map<string, AllowLists>();
  private characters = 0;

  get(digest: Buffer): AllowLists {
    return this.byDigest.get(digest.toString('base64')) ?? NO_LISTS;
  }

  /** Keeps the lists of the token the key named; the lists to judge its next verify on. */
  keep(digest: Buffer, token: AllowLists): AllowLists {
    const key = digest.toString('base64');
    this.forget(key);
    const lists = { models: token.models, subnet: token.subnet };
    if (sizeOf(lists) === 0 || sizeOf(lists) > KEPT_CHARACTERS) return lists;
    while (this.characters + sizeOf(lists) > KEPT_CHARACTERS) {
      this.forget(this.byDigest.keys().next().value!);
    }
    this.byDigest.set(key, lists);
    this.characters += sizeOf(lists);
    return lists;
  }

  private forget(key: string): void {
    const lists = this.byDigest.get(key);
    if (!lists) return;
    this.byDigest.delete(key);
    this.characters -= sizeOf(lists);
  }
}
