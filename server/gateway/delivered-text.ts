import { countTokens } from './token-count';

/** Text kept before it is counted: an answer shorter than this never loads the tokenizer. */
const KEEP_CHARACTERS = 32_768;

/**
 * The text an answer has delivered, for counting its tokens when the upstream gives no usage.
 * Short answers wait uncounted until the end, where the upstream's usage usually makes counting
 * needless; longer ones are counted piece by piece as they pass, so that a thousand long
 * streams do not each keep their whole answer in memory.
 */
export class DeliveredText {
  private pending = '';
  private counted: Promise<number> = Promise.resolve(0);

  add(text: string): void {
    if (text === '') return;
    this.pending += text;
    if (this.pending.length >= KEEP_CHARACTERS) this.countPending();
  }

  tokens(): Promise<number> {
    this.countPending();
    return this.counted;
  }

  private countPending(): void {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.counted = this.counted.then(async (sum) => sum + (await countTokens(text)));
  }
}
