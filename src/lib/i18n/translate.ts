import type { MessageKey } from './en';

export type Params = Record<string, string | number>;

/** Gives a catalogue message in the reader's language, its placeholders filled. */
export type Translate = (key: MessageKey, params?: Params) => string;

/** Fills `{name}` placeholders; a missing parameter stays visible rather than vanishing. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
