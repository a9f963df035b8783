import type { Usage } from './answer-usage';

/**
 * Prices are USD per million tokens and the ratio is quota units per USD, so a token costs
 * price × ratio / 10^6 units: rarely a whole number (0.15 USD at 500,000 units is 0.075 units a
 * token). Floating point would make 1,000 such tokens 75.00000000000001 units and round that up
 * to 76, so every figure is scaled to a whole number of millionths first and the sums are kept
 * in BigInt; a request's charge is rounded up once, at the end.
 */
const SCALE = 1_000_000n;
const TOKENS_PER_PRICE = 1_000_000n;
const DIVISOR = SCALE * SCALE * TOKENS_PER_PRICE;

const scaled = (value: number): bigint => BigInt(Math.round(value * Number(SCALE)));

export interface ModelPrices {
  input_price: number;
  output_price: number;
  cached_input_price: number;
}

/** The prices of one model at one ratio, ready to cost requests with. */
export class PriceList {
  private readonly input: bigint;
  private readonly output: bigint;
  private readonly cached: bigint;

  constructor(prices: ModelPrices, quotaPerUnit: number) {
    const ratio = scaled(quotaPerUnit);
    this.input = scaled(prices.input_price) * ratio;
    this.output = scaled(prices.output_price) * ratio;
    this.cached = scaled(prices.cached_input_price) * ratio;
  }

  /** What a request that used this costs, in whole units, rounded up. */
  cost(usage: Usage): number {
    const cached = BigInt(usage.cached_tokens);
    const fresh = BigInt(usage.prompt_tokens) - cached;
    return ceilUnits(
      fresh * this.input + cached * this.cached + BigInt(usage.completion_tokens) * this.output,
    );
  }

  /** Units held for a request of `inputTokens` that may produce `outputTokens`. */
  hold(inputTokens: number, outputTokens: number): number {
    return ceilUnits(BigInt(inputTokens) * this.input + BigInt(outputTokens) * this.output);
  }

  /**
   * The most output tokens that `units` pay for beside `inputTokens` of input (0 when the
   * input alone costs more); Infinity when output is free.
   */
  outputTokensFor(units: number, inputTokens: number): number {
    if (this.output === 0n) return Infinity;
    const left = BigInt(units) * DIVISOR - BigInt(inputTokens) * this.input;
    return left <= 0n ? 0 : Number(left / this.output);
  }

  /** Whether anything of this model costs units at all. */
  get free(): boolean {
    return this.input === 0n && this.output === 0n && this.cached === 0n;
  }
}

function ceilUnits(scaledUnits: bigint): number {
  return Number((scaledUnits + DIVISOR - 1n) / DIVISOR);
}
