import { z } from 'zod';
import { tokenSchema } from './token';

/**
 * A filtered list counts its matches up to this many: beyond, its total says this many and
 * total_capped is true, "more than 1,000 match", as code search says. Counting the matches of a
 * common word among a million tokens took longer than finding the page, and counting 10,000 of
 * them on PostgreSQL alone took its first page past 10 ms.
 */
export const TOTAL_CAP = 1_000;

export const tokenPageSchema = z
  .object({
    items: z.array(tokenSchema),
    total: z
      .number()
      .int()
      .meta({
        description: `Every token that matches, on all pages; at most ${TOTAL_CAP.toLocaleString('en')} for a filtered list (see total_capped).`,
      }),
    total_capped: z.boolean().meta({
      description: `True when more than ${TOTAL_CAP.toLocaleString('en')} tokens match a filtered list: total then says ${TOTAL_CAP.toLocaleString('en')}, and there is a next page while a page is full.`,
    }),
    page: z.number().int(),
    page_size: z.number().int(),
  })
  .meta({ id: 'TokenPage' });
export type TokenPage = z.infer<typeof tokenPageSchema>;

/** Counts by returned status and the quota left on limited tokens, for the header strip. */
export const tokenSummarySchema = z
  .object({
    total: z.number().int(),
    enabled: z.number().int(),
    disabled: z.number().int(),
    expired: z.number().int(),
    exhausted: z.number().int(),
    unlimited: z.number().int(),
    remain_quota: z
      .number()
      .meta({ description: 'Sum of remain_quota over the tokens that are not unlimited.' }),
  })
  .meta({ id: 'TokenSummary' });
export type TokenSummary = z.infer<typeof tokenSummarySchema>;
