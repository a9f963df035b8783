import type { Messages } from './en';

export type Language = 'en' | 'zh-CN';
export const LANGUAGES: ReadonlyArray<{ code: Language; label: string }> = [
  { code: 'en', label: 'English' },
  { code: 'zh-CN', label: '简体中文' },
];

/** The Intl locale used for numbers and dates in each language. */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', 'zh-CN': 'zh-CN' };

/** Picks the first of the browser's languages we speak; English otherwise. */
export function preferredLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/** Other languages load on demand, so English readers never download them. */
export async function loadMessages(language: Language): Promise<Messages> {
  if (language === 'zh-CN') return (await import('./zh-CN')).zhCN;
  return (await import('./en')).en;
}
