import type { Figure, SuiteResult } from './figures';
import { stealText } from './cpu-steal';
import { machineLine, type Machine } from './machine';

export interface RunSummary {
  date: Date;
  command: string;
  machine: Machine;
  totalSeconds: number;
  /** The share of the run's CPU time the host took for other work (cpu-steal.ts). */
  stolen: number | null;
  /**
   * Suites run, by title, with what they found (a failed suite carries its error instead) and
   * the share of CPU time stolen while each ran.
   */
  suites: Array<{ title: string; result: SuiteResult; stolen: number | null }>;
  partial: boolean;
}

const COLUMNS = ['Figure', 'Value', 'Goal', 'Anchor', 'Met', 'Note'] as const;

const mark = (met: boolean | null) => (met === null ? '—' : met ? 'yes' : 'NO');

function cells(figure: Figure): string[] {
  return [
    `${figure.section}: ${figure.name}`,
    figure.value,
    figure.goal,
    figure.anchor,
    mark(figure.met),
    figure.note,
  ];
}

/** The table for a terminal: aligned columns, the note last so long ones only widen the end. */
export function textTable(figures: readonly Figure[]): string {
  const rows = [[...COLUMNS], ...figures.map(cells)];
  const widths = COLUMNS.map((_, column) =>
    column === COLUMNS.length - 1 ? 0 : Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(Math.max(width, 4))).join('  ');
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}

const escapeCell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function markdownTable(figures: readonly Figure[]): string[] {
  return [
    `| ${COLUMNS.join(' | ')} |`,
    `| ${COLUMNS.map(() => '---').join(' | ')} |`,
    ...figures.map((figure) => `| ${cells(figure).map(escapeCell).join(' | ')} |`),
  ];
}

export function markdownReport(summary: RunSummary): string {
  const figures = summary.suites.flatMap((suite) => suite.result.figures);
  const missed = figures.filter((figure) => figure.met === false).length;
  const withGoal = figures.filter((figure) => figure.met !== null).length;
  const minutes = Math.floor(summary.totalSeconds / 60);
  const rest = Math.round(summary.totalSeconds % 60);
  return [
    '# Tokendesk benchmark results',
    '',
    `- Date: ${summary.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${machineLine(summary.machine)}`,
    `- Command: \`${summary.command}\`${summary.partial ? ' (a selection of the suites)' : ''}`,
    `- Total run time: ${minutes} min ${rest} s`,
    `- CPU time the host took for other work (steal): ${stealText(summary.stolen)}`,
    `- Goals met: ${withGoal - missed} of ${withGoal}`,
    '',
    ...markdownTable(figures),
    '',
    'kB are 1,000 bytes, MB are 1,048,576 bytes.',
    '',
    ...summary.suites.flatMap((suite) => [
      `## ${suite.title}`,
      '',
      `CPU time the host took for other work while it ran: ${stealText(suite.stolen)}.`,
      '',
      ...suite.result.details,
      '',
    ]),
  ].join('\n');
}
