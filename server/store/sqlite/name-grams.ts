/**
 * The one- and two-character pieces of a name, for keywords too short for trigrams. A name is
 * lowercased as JavaScript does (all of Unicode, as "name contains" means everywhere else), and
 * each distinct piece written as one word of hexadecimal code points ("ba" is "62x61"), which
 * FTS5's ascii tokenizer takes whole whatever the characters are. A keyword of one or two
 * characters is in a name exactly when its word is among the name's.
 */
export const NAME_GRAMS_FUNCTION = 'name_grams';

const hex = (character: string) => (character.codePointAt(0) ?? 0).toString(16);

/** The words of every distinct piece of one or two characters of the lowercased name. */
export function nameGrams(name: string): string {
  const words = new Set<string>();
  let previous = '';
  for (const character of name.toLowerCase()) {
    const word = hex(character);
    words.add(word);
    if (previous !== '') words.add(`${previous}x${word}`);
    previous = word;
  }
  return [...words].join(' ');
}

/** The one word a keyword's lowercased text is, or null when that is longer than two characters. */
export function keywordGram(keyword: string): string | null {
  const characters = [...keyword.toLowerCase()];
  return characters.length >= 1 && characters.length <= 2 ? characters.map(hex).join('x') : null;
}
