import type { z } from 'zod';
import { NEVER } from '../../contract/token';
import type { MessageKey } from '../../lib/i18n/en';

/** What a new expiry can be; keeping the one a token has is offered only when editing it. */
export const NEW_EXPIRY_CHOICES = ['never', '1h', '1d', '30d', '90d', 'custom'] as const;
export type NewExpiry = (typeof NEW_EXPIRY_CHOICES)[number];
export const EXPIRY_CHOICES = [...NEW_EXPIRY_CHOICES, 'keep'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

export const NEW_EXPIRIES: ReadonlyArray<readonly [NewExpiry, MessageKey]> = [
  ['never', 'form.expiryNever'],
  ['1h', 'form.expiry1h'],
  ['1d', 'form.expiry1d'],
  ['30d', 'form.expiry30d'],
  ['90d', 'form.expiry90d'],
  ['custom', 'form.expiryCustom'],
];

const QUICK_SECONDS: Partial<Record<ExpiryChoice, number>> = {
  '1h': 3600,
  '1d': 86_400,
  '30d': 30 * 86_400,
  '90d': 90 * 86_400,
};

/** The message of each problem with a custom expiry date. */
export const EXPIRY_DATE_MESSAGES = {
  missing: 'form.err.expiryDate',
  past: 'form.err.expiryPast',
} as const satisfies Record<string, MessageKey>;

/** Parses a picker value ("2026-11-21 13:45:00", local time) into Unix seconds. */
export function pickerToSeconds(value: string): number {
  return Math.floor(new Date(value.replace(' ', 'T')).getTime() / 1000);
}

export function secondsToPicker(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}

/**
 * The expiry a choice sets, in Unix seconds (`kept` for "keep"); null when the custom date
 * cannot be used, with the reason added to `ctx` under expiryDate.
 */
export function readExpiry(
  ctx: z.RefinementCtx,
  choice: ExpiryChoice,
  date: string | null,
  now: number,
  kept = NEVER,
): number | null {
  const quick = QUICK_SECONDS[choice];
  if (quick) return now + quick;
  if (choice === 'keep') return kept;
  if (choice !== 'custom') return NEVER;
  const seconds = date ? pickerToSeconds(date) : Number.NaN;
  const reason = !Number.isFinite(seconds) ? 'missing' : seconds <= now ? 'past' : null;
  if (reason === null) return seconds;
  ctx.addIssue({ code: 'custom', path: ['expiryDate'], params: { reason } });
  return null;
}
