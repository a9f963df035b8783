/**
 * Name search on SQLite for keywords of one or two characters, which trigrams cannot match.
 *
 * Keywords of three characters or more are matched by the token_names trigram index (FTS5's
 * Unicode case folding). Shorter ones are found in token_grams (migration 3): a contentless FTS5
 * table without positions that holds, for each token, the words made here.
 * - A name is lowercased as JavaScript does (all of Unicode, as "name contains" means everywhere
 *   else), and each distinct piece of one or two characters is written as one word of hexadecimal
 *   code points ("ba" is "62x61"), which FTS5's ascii tokenizer takes whole whatever the
 *   characters are.
 * - A keyword of one or two characters is in a name exactly when its word is among the name's.
 * - A keyword whose lowercased text is longer than two characters ("İ" lowercases to two) has no
 *   word, and is matched with LIKE or the JavaScript check instead.
 *
 * The store writes both indexes in the same transaction as each change, not by trigger: under a
 * trigger, bulk inserts were five times slower. Where the list walks an order's index (many
 * matches, an order other than id), each row is checked by name instead, so that a common piece
 * is not gathered whole first. At a million tokens "x", "ba" and "测试" went from 55 to 90 ms (a
 * scan of every name) to a few milliseconds, for about 50 MB of index and 15 s more on a
 * million-token seed.
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
