import type { MessageKey } from '../../src/lib/i18n/en';
import { everyText } from '../../src/lib/i18n/every-text';
import type { Language } from '../../src/lib/i18n/languages';
import { interpolate, type Params } from '../../src/lib/i18n/translate';

export type Translate = (key: MessageKey, params?: Params) => string;

/** The dashboard's own catalogue, so a spec finds controls by their name in either language. */
export function translator(language: Language): Translate {
  const messages = everyText[language];
  return (key, params) => interpolate(messages[key], params);
}
