import { z } from 'zod';

/** Query strings arrive as text; an empty value means "not given". */
export const given = (value: unknown) => (value === '' ? undefined : value);

/**
 * A whole number in a query string, digits only ("1.5", "-1", "1e3" and " 1" are not, even where
 * Number() would say so). Parsed before the number schema, so that schema, with its bounds, is
 * what the API document shows.
 */
export const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : given(value);

/** A whole number from min to max in a query string; empty or absent means `fallback`. */
export const queryInt = (field: string, min: number, max: number, fallback: number) => {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    digitsToNumber,
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .default(fallback),
  );
};
