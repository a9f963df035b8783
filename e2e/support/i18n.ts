import { en, type MessageKey } from '../../src/lib/i18n/en';
import type { Language } from '../../src/lib/i18n/languages';
import { interpolate, type Params } from '../../src/lib/i18n/translate';
import { zhCN } from '../../src/lib/i18n/zh-CN';

export type Translate = (key: MessageKey, params?: Params) => string;

/** The dashboard's own catalogue, so a spec finds controls by their name in either language. */
export function translator(language: Language): Translate {
  const messages = language === 'zh-CN' ? zhCN : en;
  return (key, params) => interpolate(messages[key], params);
}
