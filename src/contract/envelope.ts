import { z } from 'zod';

/** Every answer of the API: the payload, or on failure a message saying what to fix. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    data: data,
  });

export type Envelope<T> = z.output<ReturnType<typeof envelopeSchema<z.ZodType<T>>>>;

/** A success as the service answers it: no message, the payload in `data`. */
export const successEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.literal(''), data });

/** A failure as the service answers it: what to fix in `message`, no data. */
export const failureEnvelopeSchema = z
  .object({
    success: z.literal(false),
    message: z.string().min(1).meta({ description: 'What was wrong, and what to fix.' }),
    data: z.null(),
  })
  .meta({ id: 'Failure' });

/** Loose shape used before the payload's own schema is known. */
export const anyEnvelopeSchema = z.object({
  success: z.boolean(),
  message: z.string().optional().default(''),
  data: z.unknown().optional(),
});

/** One sentence per problem, "field: what is wrong" when the message does not already say so. */
export function describeIssues(error: z.ZodError): string {
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    const text =
      field && !issue.message.startsWith(String(issue.path[0]))
        ? `${field}: ${issue.message}`
        : issue.message;
    seen.add(text);
  }
  return [...seen].join('; ');
}

/**
 * The field the first problem of a describeIssues message is about, read back from the way that
 * message is written: every problem starts with its field. Null when it names none of `fields`.
 */
export function issueField<F extends string>(message: string, fields: readonly F[]): F | null {
  const first = /^[A-Za-z_]\w*/.exec(message)?.[0];
  return fields.find((field) => field === first) ?? null;
}
