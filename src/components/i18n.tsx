import {
  createContext,
  use,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { en, type MessageKey } from '../lib/i18n/en';
import { intlLocale, loadMessages, preferredLanguage, type Language } from '../lib/i18n/languages';
import {
  hasSection,
  loadNeededSections,
  loadSection,
  textIn,
  type Texts,
  type TextSection,
} from '../lib/i18n/sections';
import { interpolate, type Params } from '../lib/i18n/translate';

export interface I18n {
  language: Language;
  setLanguage: (language: Language) => void;
  /** BCP 47 tag used for Intl number and date formatting (lib/time.ts writes every date). */
  locale: string;
  t: (key: MessageKey, params?: Params) => string;
}

const STORAGE_KEY = 'tokendesk.language';
const I18nContext = createContext<I18n | null>(null);

const browserLanguages = (): readonly string[] => navigator.languages ?? [navigator.language];

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return preferredLanguage(browserLanguages());
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const [catalogue, setCatalogue] = useState<{ language: Language; messages: Texts }>({
    language: 'en',
    messages: en,
  });
  // Only the first screen waits for its language; a later switch keeps the page, in the
  // language it shows, until the other one has arrived.
  const [started, setStarted] = useState(language === 'en');

  useEffect(() => {
    document.documentElement.lang = catalogue.language;
  }, [catalogue.language]);

  useEffect(() => {
    let current = true;
    if (catalogue.language !== language) {
      // The texts of the parts already shown come along, so that they switch with the rest.
      Promise.all([loadMessages(language), loadNeededSections(language)]).then(
        ([messages]) => {
          if (!current) return;
          setCatalogue({ language, messages });
          setStarted(true);
        },
        // The server is away: stay in the language already shown.
        () => {
          if (!current) return;
          setLanguageState(catalogue.language);
          setStarted(true);
        },
      );
    }
    return () => {
      current = false;
    };
  }, [language, catalogue.language]);

  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLanguageState(next);
  }, []);

  const { messages } = catalogue;
  const t = useCallback(
    (key: MessageKey, params?: Params) =>
      interpolate(textIn(messages, catalogue.language, key), params),
    [messages, catalogue.language],
  );
  const value = useMemo(
    () => ({
      language: catalogue.language,
      setLanguage,
      locale: intlLocale(catalogue.language, browserLanguages()),
      t,
    }),
    [catalogue.language, setLanguage, t],
  );
  // Until the first screen's messages arrive, show nothing rather than a flash of English.
  if (!started) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an I18nProvider');
  return value;
}

/**
 * Waits (the part suspends) until a part's own texts are here in the language shown: English ones
 * come with the part's code, another language's are fetched the first time.
 */
export function useTexts(...sections: TextSection[]): void {
  const { language } = useI18n();
  const missing = sections.find((section) => !hasSection(language, section));
  if (missing) use(loadSection(language, missing));
}
