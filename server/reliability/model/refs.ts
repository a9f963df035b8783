/** The references commands are generated with, resolved against the model as they run. */
import type { ExpiryRef, IdRef, KeyRef, KeywordRef } from './arbitraries';
import { jsonText } from './exchange';
import { maskKey, NEVER } from './rules';
import type { TokenModel } from './token-model';

export function resolveId(model: TokenModel, ref: IdRef): unknown {
  switch (ref.kind) {
    case 'existing': {
      const ids = model.ids();
      return ids.length > 0 ? ids[ref.index % ids.length] : model.unusedId(0);
    }
    case 'deleted':
      return model.deleted.length > 0
        ? model.deleted[ref.index % model.deleted.length]
        : model.unusedId(1);
    case 'unused':
      return model.unusedId(ref.offset);
    case 'raw':
      return ref.raw;
  }
}

export const pathId = (model: TokenModel, ref: IdRef) =>
  encodeURIComponent(String(resolveId(model, ref)));

export function resolveExpiry(model: TokenModel, ref: ExpiryRef): unknown {
  if (ref.kind === 'never') return NEVER;
  if (ref.kind === 'in') return model.now + ref.seconds;
  return ref.raw;
}

/** A write's body: the fields in order, then the expiry (resolved now), then the extras. */
export function bodyText(
  model: TokenModel,
  fields: [string, unknown][],
  expiry: ExpiryRef | undefined,
  extras: [string, unknown][],
): string {
  const expiryField: [string, unknown][] = expiry
    ? [['expired_time', resolveExpiry(model, expiry)]]
    : [];
  return jsonText([...fields, ...expiryField, ...extras]);
}

function pick<T>(items: T[], index: number): T | undefined {
  return items.length > 0 ? items[index % items.length] : undefined;
}

export function resolveKeyword(model: TokenModel, ref: KeywordRef): string {
  if (ref.kind === 'text') return ref.text;
  const token = pick([...model.tokens.values()], ref.index);
  if (!token) return '';
  const characters = [...token.name];
  const start = ref.start % characters.length;
  let part = characters.slice(start, start + ref.length).join('');
  if (ref.upper) part = part.toUpperCase();
  return ref.pad ? ` ${part} ` : part;
}

export function resolveKey(model: TokenModel, ref: KeyRef): string {
  if (ref.kind === 'text') return ref.text;
  const token = pick([...model.tokens.values()], ref.index);
  if (!token) return 'sk-no-such-key';
  if (ref.kind === 'masked') return maskKey(token.key);
  return { plain: token.key, 'sk-': `sk-${token.key}`, padded: `  sk-${token.key} ` }[ref.form];
}
