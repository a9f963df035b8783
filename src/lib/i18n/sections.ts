import type { Language } from './languages';

export type Texts = Readonly<Record<string, string>>;

/**
 * The texts of parts loaded on demand, which the first screens' catalogue leaves out: a section's
 * English texts come with the code of the parts that show them, another language's are fetched
 * when such a part is shown in it, or when the reader switches to it.
 */
export interface TextSection {
  readonly name: string;
  readonly en: Texts;
  readonly other: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Texts>>>;
}

/** Every section a part has needed so far, by name. */
const needed = new Map<string, TextSection>();
/** The sections' texts in each language, once here. */
const here: Record<Language, { names: Set<string>; texts: Record<string, string> }> = {
  en: { names: new Set(), texts: {} },
  'zh-CN': { names: new Set(), texts: {} },
};
const fetching = new Map<string, Promise<void>>();

function add(language: Language, name: string, texts: Texts) {
  Object.assign(here[language].texts, texts);
  here[language].names.add(name);
}

function need(section: TextSection) {
  if (needed.has(section.name)) return;
  needed.set(section.name, section);
  add('en', section.name, section.en);
}

/**
 * English texts that come with the code of a first screen or of the parts that show them
 * (en-signed-in.ts, en-connect.ts, en-parts.ts): here once that code has run.
 */
export function addEnglishTexts(texts: Texts): void {
  Object.assign(here.en.texts, texts);
}

/** Whether a section's texts are here in `language`. */
export function hasSection(language: Language, section: TextSection): boolean {
  need(section);
  return here[language].names.has(section.name);
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
      (texts) => add(language, section.name, texts),
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

/** A section's text in `language`, if it is here. */
export const sectionText = (language: Language, key: string): string | undefined =>
  here[language].texts[key];
