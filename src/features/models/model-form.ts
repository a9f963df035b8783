import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { isApiError } from '../../api/errors';
import {
  DEFAULT_MAX_OUTPUT_TOKENS,
  modelCreateSchema,
  modelUpdateSchema,
  type Model,
  type ModelCreate,
  type ModelUpdate,
} from '../../contract/model';
import { issueErrorMap, type IssueMessages } from '../../lib/i18n/form-issues';
import type { Translate } from '../../lib/i18n/translate';
import { parseAmount } from '../../lib/quota';

/**
 * What an edit does with the stored upstream key: nothing (no upstream_key is sent), put the
 * one typed in its place, or remove it (upstream_key ""). A new model takes what is typed.
 */
export const KEY_CHANGES = ['keep', 'replace', 'remove'] as const;
export type KeyChange = (typeof KEY_CHANGES)[number];

/** What the form holds: text as typed, so a failed save gives back exactly what was entered. */
const modelFormValuesSchema = z.object({
  name: z.string(),
  upstream_url: z.string(),
  upstream_model: z.string(),
  upstream_key: z.string(),
  key_change: z.enum(KEY_CHANGES),
  input_price: z.string(),
  output_price: z.string(),
  cached_input_price: z.string(),
  max_output_tokens: z.string(),
  stream_usage: z.boolean(),
  enabled: z.boolean(),
});
export type ModelFormValues = z.infer<typeof modelFormValuesSchema>;
type FormField = keyof ModelFormValues;

/** What the form gives: the body of a create, or of an update. */
export type ModelFormResult =
  { kind: 'create'; body: ModelCreate } | { kind: 'update'; body: ModelUpdate };

const PRICE_MESSAGES = {
  invalid_type: 'models.err.price',
  too_small: 'models.err.priceNegative',
  too_big: 'models.err.priceTooBig',
} as const;

/**
 * The message under each field, by the problem the contract's schema found there (its code, as
 * the reason of the form's own issue): the contract's English would win over the reader's
 * language otherwise.
 */
export const MODEL_FORM_MESSAGES: IssueMessages<FormField> = {
  name: 'models.err.name',
  upstream_url: 'models.err.upstreamUrl',
  upstream_model: 'models.err.upstreamModel',
  upstream_key: {
    empty: 'models.err.keyEmpty',
    too_big: 'models.err.key',
    custom: 'models.err.key',
    invalid_type: 'models.err.key',
  },
  input_price: PRICE_MESSAGES,
  output_price: PRICE_MESSAGES,
  cached_input_price: PRICE_MESSAGES,
  max_output_tokens: 'models.err.maxOutputTokens',
};

/** A figure as typed: "0.15", "1,000", "$3"; anything else is NaN, which the contract refuses. */
const figure = (text: string) => (text.trim() === '' ? Number.NaN : parseAmount(text));

/** The fields both bodies share, read from the text typed. */
function commonFields(values: ModelFormValues) {
  return {
    name: values.name,
    upstream_url: values.upstream_url,
    upstream_model: values.upstream_model,
    input_price: figure(values.input_price),
    output_price: figure(values.output_price),
    max_output_tokens: figure(values.max_output_tokens),
    stream_usage: values.stream_usage,
    enabled: values.enabled,
  };
}

/** A new model: a cached price or a key left empty is not sent (the input price, no key). */
function createBody(values: ModelFormValues): Record<string, unknown> {
  return {
    ...commonFields(values),
    ...(values.cached_input_price.trim() === ''
      ? {}
      : { cached_input_price: figure(values.cached_input_price) }),
    ...(values.upstream_key.trim() === '' ? {} : { upstream_key: values.upstream_key }),
  };
}

/**
 * An edit: every field the form shows, but the key only when it is replaced or removed. A cached
 * price emptied means the input price again, as it does for a new model.
 */
function updateBody(values: ModelFormValues, loaded: Model): Record<string, unknown> {
  const fields = commonFields(values);
  const cached = values.cached_input_price.trim();
  return {
    id: loaded.id,
    ...fields,
    cached_input_price: cached === '' ? fields.input_price : figure(cached),
    ...(values.key_change === 'replace' ? { upstream_key: values.upstream_key } : {}),
    ...(values.key_change === 'remove' ? { upstream_key: '' } : {}),
  };
}

/**
 * The form's schema: the body is built from what was typed and checked with the contract's own
 * schema, each of its problems told under the field it is about (MODEL_FORM_MESSAGES).
 */
export function modelFormSchema(loaded: Model | null) {
  return modelFormValuesSchema.transform((values, ctx): ModelFormResult => {
    const replacing = loaded !== null && values.key_change === 'replace';
    // Replacing the key with nothing is removing it: that has a button of its own.
    if (replacing && values.upstream_key.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['upstream_key'], params: { reason: 'empty' } });
    }
    const report = (error: z.ZodError) => {
      for (const issue of error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, params: { reason: issue.code } });
      }
      return z.NEVER;
    };
    if (loaded) {
      const parsed = modelUpdateSchema.safeParse(updateBody(values, loaded));
      return parsed.success ? { kind: 'update', body: parsed.data } : report(parsed.error);
    }
    const parsed = modelCreateSchema.safeParse(createBody(values));
    return parsed.success ? { kind: 'create', body: parsed.data } : report(parsed.error);
  });
}

/** The form's resolver, telling each problem in the reader's language. */
export const modelFormResolver = (loaded: Model | null, t: Translate) =>
  zodResolver(modelFormSchema(loaded), { error: issueErrorMap(MODEL_FORM_MESSAGES, t) });

/** The figures as the form shows them: plain, as they would be typed. */
const typed = (value: number) => String(value);

export function defaultModelFormValues(model: Model | null): ModelFormValues {
  if (!model) {
    return {
      name: '',
      upstream_url: '',
      upstream_model: '',
      upstream_key: '',
      key_change: 'replace',
      input_price: '',
      output_price: '',
      cached_input_price: '',
      max_output_tokens: typed(DEFAULT_MAX_OUTPUT_TOKENS),
      stream_usage: true,
      enabled: true,
    };
  }
  return {
    name: model.name,
    upstream_url: model.upstream_url,
    upstream_model: model.upstream_model,
    upstream_key: '',
    key_change: 'keep',
    input_price: typed(model.input_price),
    output_price: typed(model.output_price),
    // The same as the input price is shown empty: it follows the input price.
    cached_input_price:
      model.cached_input_price === model.input_price ? '' : typed(model.cached_input_price),
    max_output_tokens: typed(model.max_output_tokens),
    stream_usage: model.stream_usage,
    enabled: model.enabled,
  };
}

/** Whether a model has an advanced field (the form's "Advanced" part) that is not its default. */
export const hasAdvancedSettings = (model: Model | null) =>
  model !== null &&
  (model.upstream_model !== model.name ||
    model.cached_input_price !== model.input_price ||
    model.max_output_tokens !== DEFAULT_MAX_OUTPUT_TOKENS ||
    !model.stream_usage);

/** The fields of the form a server's refusal names first, read from its message. */
const REFUSED_FIELDS: readonly FormField[] = [
  'name',
  'upstream_url',
  'upstream_model',
  'upstream_key',
  'input_price',
  'output_price',
  'cached_input_price',
  'max_output_tokens',
];

/** A refusal because another model has the name: said under the name, in the reader's words. */
export const isNameTaken = (error: unknown) => isApiError(error) && error.status === 409;

/** The field a refused save is about: the one a 400's message starts with, as the service words them. */
export function formFieldOfModelRefusal(error: unknown): FormField | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const first = /^[a-z_]+/.exec(error.serverMessage)?.[0];
  return REFUSED_FIELDS.find((field) => field === first) ?? null;
}
