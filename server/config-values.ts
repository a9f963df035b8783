/** A setting the service cannot run with; its message is one line a person can act on. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A whole number setting within bounds, or its fallback when unset. */
export function parseBoundedInteger(
  value: string | undefined,
  name: string,
  bounds: { min: number; max: number; fallback: number; unit: string },
): number {
  if (value === undefined || value === '') return bounds.fallback;
  const number = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!(number >= bounds.min && number <= bounds.max)) {
    throw new ConfigError(
      `${name} must be ${bounds.unit} from ${bounds.min} to ${bounds.max}, not "${value}"`,
    );
  }
  return number;
}
