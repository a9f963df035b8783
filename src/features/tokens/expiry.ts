import '../../lib/i18n/en-parts';
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

/** A custom expiry closer than this, in seconds, is taken only once confirmed. */
export const SOON = 3600;

/** The message of each problem with a custom expiry, under the field it is about. */
export const EXPIRY_MESSAGES = {
  expiryDate: { missing: 'form.err.expiryDate', past: 'form.err.expiryPast' },
  soonConfirmed: 'form.err.expirySoon',
} as const satisfies Record<string, MessageKey | Record<string, MessageKey>>;

/** The fields a form holds for its expiry. */
export interface ExpiryValues {
  expiry: ExpiryChoice;
  expiryDate: string | null;
  /** That a custom expiry less than an hour away is meant. */
  soonConfirmed: boolean;
}

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
 * cannot be used, with the reason added to `ctx` under expiryDate, or when it is less than an
 * hour away and not confirmed, under soonConfirmed.
 */
export function readExpiry(
  ctx: z.RefinementCtx,
  { expiry, expiryDate, soonConfirmed }: ExpiryValues,
  now: number,
  kept = NEVER,
): number | null {
  const quick = QUICK_SECONDS[expiry];
  if (quick) return now + quick;
  if (expiry === 'keep') return kept;
  if (expiry !== 'custom') return NEVER;
  const seconds = expiryDate ? pickerToSeconds(expiryDate) : Number.NaN;
  const reason = !Number.isFinite(seconds) ? 'missing' : seconds <= now ? 'past' : null;
  if (reason !== null) {
    ctx.addIssue({ code: 'custom', path: ['expiryDate'], params: { reason } });
    return null;
  }
  if (seconds - now < SOON && !soonConfirmed) {
    ctx.addIssue({ code: 'custom', path: ['soonConfirmed'] });
    return null;
  }
  return seconds;
}
