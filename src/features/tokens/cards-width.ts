/**
 * Up to this width the token list is drawn as cards; wider, as a table. A module of its own
 * because the build reads it too: the first script fetches the table's part only where it is
 * drawn.
 */
export const CARDS_WIDTH = '(max-width: 48em)';
