import { resolve } from 'node:path';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  mantineStyleCoverage,
  mantineStylesheets,
  type BuiltFile,
  type StyleCoverage,
} from './mantine-styles';

/**
 * Mantine's styles are imported per component to keep the first screen small, so a component
 * whose stylesheet nobody imports renders unstyled. Mantine components also render others
 * (notifications render Notification, SegmentedControl a FloatingIndicator), so this reads the
 * production build rather than our imports: every Mantine class its scripts can use must be
 * styled by its CSS.
 */
describe('Mantine stylesheets', () => {
  let coverage: StyleCoverage;

  beforeAll(async () => {
    // The test runner sets NODE_ENV=test, which would bundle React's development build.
    const testEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const result = await build({
        configFile: resolve('vite.config.ts'),
        mode: 'production',
        logLevel: 'silent',
        build: { write: false },
      });
      const { output } = (Array.isArray(result) ? result[0] : result) as unknown as {
        output: BuiltFile[];
      };
      coverage = mantineStyleCoverage(output, mantineStylesheets(resolve('node_modules')));
    } finally {
      process.env.NODE_ENV = testEnv;
    }
  }, 120_000);

  it('are imported for every Mantine component the dashboard contains', () => {
    const report = [...coverage.missing.keys()].map((sheet) => `import '${sheet}'`).join('\n');
    expect([...coverage.missing.keys()], `unstyled components, add:\n${report}`).toEqual([]);
  });

  it('sees the components, including those rendered inside other Mantine packages', () => {
    // Without these in view the check above would pass for nothing.
    expect(coverage.used.size).toBeGreaterThan(100);
    const sheets = mantineStylesheets(resolve('node_modules'));
    const notification = [...coverage.used].filter((name) =>
      sheets.get(name)?.includes('@mantine/core/styles/Notification.css'),
    );
    expect(notification.length).toBeGreaterThan(0);
  });
});
