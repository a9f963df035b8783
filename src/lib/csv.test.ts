import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('the CSV writer', () => {
  it('leaves plain cells as they are', () => {
    expect(csvCell('Production backend')).toBe('Production backend');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and newlines', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd'])(
    'neutralises the formula %j',
    (text) => {
      const cell = csvCell(text);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted).toBe(`'${text}`);
    },
  );

  it('keeps numbers (even negative ones) as numbers', () => {
    expect(csvCell(-500)).toBe('-500');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['id', 'name'],
        [
          [1, 'a'],
          [2, 'b,c'],
        ],
      ),
    ).toBe('id,name\r\n1,a\r\n2,"b,c"\r\n');
  });

  it('survives Unicode names unchanged', () => {
    expect(toCsv(['name'], [['生产环境 🚀 مرحبا']])).toBe('name\r\n生产环境 🚀 مرحبا\r\n');
  });
});
