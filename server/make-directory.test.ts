import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeDirectory } from './make-directory';
import { makeTempDir } from './test-support';

let root: string;
beforeEach(() => {
  root = makeTempDir();
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const codeOf = (make: () => void) => {
  try {
    make();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code;
  }
  return 'made';
};

describe('makeDirectory', () => {
  it('makes every missing level with the mode given, and accepts a directory that exists', () => {
    const deep = join(root, 'a', 'b', 'c');
    makeDirectory(deep, 0o700);
    for (const level of [join(root, 'a'), join(root, 'a', 'b'), deep]) {
      expect(statSync(level).mode & 0o777).toBe(0o700);
    }
    makeDirectory(deep, 0o700);
    mkdirSync(join(root, 'kept'));
    expect(codeOf(() => makeDirectory(join(root, 'kept'), 0o700))).toBe('made');
  });

  it('fails with the reason where a file is in the way', () => {
    writeFileSync(join(root, 'file'), '');
    expect(codeOf(() => makeDirectory(join(root, 'file'), 0o700))).toBe('EEXIST');
    expect(codeOf(() => makeDirectory(join(root, 'file', 'data'), 0o700))).toBe('ENOTDIR');
  });
});
