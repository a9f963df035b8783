import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { en, type MessageKey, type Messages } from '../lib/i18n/en';
import { INTL_LOCALE, loadMessages, preferredLanguage, type Language } from '../lib/i18n/languages';
import { interpolate, type Params } from '../lib/i18n/translate';

export interface I18n {
  language: Language;
  setLanguage: (language: Language) => void;
  /** BCP 47 tag used for Intl number and date formatting. */
  locale: string;
  t: (key: MessageKey, params?: Params) => string;
}

const STORAGE_KEY = 'tokendesk.language';
const I18nContext = createContext<I18n | null>(null);

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return preferredLanguage(navigator.languages ?? [navigator.language]);
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const [catalogue, setCatalogue] = useState<{ language: Language; messages: Messages }>({
    language: 'en',
    messages: en,
  });

  useEffect(() => {
    document.documentElement.lang = language;
    let current = true;
    if (catalogue.language !== language) {
      void loadMessages(language).then((messages) => {
        if (current) setCatalogue({ language, messages });
      });
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
    (key: MessageKey, params?: Params) => interpolate(messages[key], params),
    [messages],
  );
  const value = useMemo(
    () => ({
      language: catalogue.language,
      setLanguage,
      locale: INTL_LOCALE[catalogue.language],
      t,
    }),
    [catalogue.language, setLanguage, t],
  );
  // Until another language's messages arrive, show nothing rather than a flash of English.
  if (catalogue.language !== language && language !== 'en') return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an I18nProvider');
  return value;
}
