/**
 * SQL LIKE as SQLite (the gateways' default database) runs it: `%` any run, `_` one
 * character, ASCII case-insensitive. `escape` makes the character after it literal.
 */
export function sqlLike(value: string, pattern: string, escape?: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (escape !== undefined && char === escape && i + 1 < pattern.length) {
      source += literal(pattern[++i] as string);
    } else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += literal(char);
  }
  return new RegExp(`^${source}$`, 'is').test(value);
}

function literal(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
