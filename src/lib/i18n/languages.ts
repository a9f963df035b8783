import { en } from './en';
import type { Texts } from './sections';

export type Language = 'en' | 'zh-CN';
export const LANGUAGES: ReadonlyArray<{ code: Language; label: string }> = [
  { code: 'en', label: 'English' },
  { code: 'zh-CN', label: '简体中文' },
];

/** The Intl locale used for numbers and dates in each language, unless the browser names one. */
const INTL_LOCALE: Record<Language, string> = { en: 'en-US', 'zh-CN': 'zh-CN' };

/** The language of ours a browser's language tag is in, if any. */
function languageOf(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/**
 * The locale numbers and dates are written in: the browser's own when it is in the interface's
 * language (an English interface in a British browser writes "27 Nov 2026, 14:05"), else the
 * language's usual one.
 */
export function intlLocale(language: Language, browserLanguages: readonly string[]): string {
  const own = browserLanguages.find((tag) => languageOf(tag) === language);
  if (!own) return INTL_LOCALE[language];
  try {
    return Intl.getCanonicalLocales(own)[0] ?? INTL_LOCALE[language];
  } catch {
    return INTL_LOCALE[language];
  }
}

/** Picks the first of the browser's languages we speak; English otherwise. */
export function preferredLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

/**
 * Other languages load on demand, so an English reader's first screen waits for none of them
 * (the page fetches them ahead once idle, so that a switch works while the server is away);
 * English is in the entry already, as the texts shown before any other arrives.
 */
export async function loadMessages(language: Language): Promise<Texts> {
  if (language === 'zh-CN') return (await import('./zh-CN')).zhCN;
  return en;
}
