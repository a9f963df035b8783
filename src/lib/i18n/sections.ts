import type { Language } from './languages';

export type Texts = Readonly<Record<string, string>>;

type OtherLanguage = Exclude<Language, 'en'>;

/**
 * The texts of parts loaded on demand, which the first screens' catalogue leaves out: a section's
 * English texts come with the code of the parts that show them, another language's are fetched
 * when such a part is shown in it, or when the reader switches to it.
 */
export interface TextSection {
  readonly name: string;
  readonly other: Readonly<Record<OtherLanguage, () => Promise<Texts>>>;
}

/** English texts that came with code run so far; other languages' sections once fetched. */
const here: Record<Language, Record<string, string>> = { en: {}, 'zh-CN': {} };
/** The sections fetched in each other language, by name. */
const fetched: Record<OtherLanguage, Set<string>> = { 'zh-CN': new Set() };
/** Every section a part has needed so far, by name: a switch of language fetches them all. */
const needed = new Map<string, TextSection>();
const fetching = new Map<string, Promise<void>>();

/**
 * English texts that come with the code of a first screen or of the parts that show them
 * (en-signed-in.ts, en-connect.ts, en-parts.ts): here once that code has run.
 */
export function addEnglishTexts(texts: Texts): void {
  Object.assign(here.en, texts);
}

/** A part's own texts: its English ones, here with its code, and how to fetch the others. */
export function textSection(
  name: string,
  en: Texts,
  other: Record<OtherLanguage, () => Promise<Texts>>,
): TextSection {
  addEnglishTexts(en);
  return { name, other };
}

/** Whether a section's texts are here in `language`. */
export function hasSection(language: Language, section: TextSection): boolean {
  needed.set(section.name, section);
  return language === 'en' || fetched[language].has(section.name);
}

/**
 * Fetches a section's texts in `language`, once: the same promise until it settles, which a
 * render can wait on; after a failure (the server went away), the next call fetches again.
 */
export function loadSection(language: Language, section: TextSection): Promise<void> {
  if (hasSection(language, section) || language === 'en') return Promise.resolve();
  const id = `${language}:${section.name}`;
  let pending = fetching.get(id);
  if (!pending) {
    pending = section.other[language]().then(
      (texts) => {
        Object.assign(here[language], texts);
        fetched[language].add(section.name);
      },
      (error: unknown) => {
        fetching.delete(id);
        throw error;
      },
    );
    fetching.set(id, pending);
  }
  return pending;
}

/** Fetches, in `language`, every section a part has needed so far: a switch waits for them. */
export async function loadNeededSections(language: Language): Promise<void> {
  await Promise.all([...needed.values()].map((section) => loadSection(language, section)));
}

/**
 * A text in `language`: from `catalogue` (that language's catalogue of the first screens), else
 * from the parts' texts here; the key itself when neither has it.
 */
export const textIn = (catalogue: Texts, language: Language, key: string): string =>
  catalogue[key] ?? here[language][key] ?? key;
