/** One measured figure, set beside its goal and anchor. */
export interface Figure {
  section: string;
  name: string;
  value: string;
  /** '—' when the figure has no goal. */
  goal: string;
  anchor: string;
  /** null when there is no goal to meet. */
  met: boolean | null;
  note: string;
}

export type Format = (value: number) => string;

export const kB: Format = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
export const ms: Format = (value) => `${value.toFixed(1)} ms`;
export const seconds: Format = (value) => `${value.toFixed(1)} s`;
export const MiB: Format = (kib) => `${(kib / 1024).toFixed(1)} MB`;
export const perSecond: Format = (value) => `${Math.round(value).toLocaleString('en')} req/s`;
export const count: Format = (value) => value.toLocaleString('en');
export const ratio: Format = (value) => value.toFixed(2);

interface Extra {
  anchor?: string;
  note?: string;
}

const joinNotes = (...notes: Array<string | undefined>) => notes.filter(Boolean).join('; ');

export function info(section: string, name: string, value: string, extra: Extra = {}): Figure {
  return {
    section,
    name,
    value,
    goal: '—',
    anchor: extra.anchor ?? '—',
    met: null,
    note: extra.note ?? '',
  };
}

export function atMost(
  section: string,
  name: string,
  measured: number,
  limit: number,
  format: Format,
  extra: Extra = {},
): Figure {
  const met = measured <= limit;
  const miss = met
    ? undefined
    : `missed by ${format(measured - limit)} (${percentOff(measured, limit)} over the goal)`;
  return {
    section,
    name,
    value: format(measured),
    goal: `≤ ${format(limit)}`,
    anchor: extra.anchor ?? '—',
    met,
    note: joinNotes(miss, extra.note),
  };
}

export function atLeast(
  section: string,
  name: string,
  measured: number,
  floor: number,
  format: Format,
  extra: Extra = {},
): Figure {
  const met = measured >= floor;
  const miss = met
    ? undefined
    : `missed by ${format(floor - measured)} (${percentOff(measured, floor)} under the goal)`;
  return {
    section,
    name,
    value: format(measured),
    goal: `≥ ${format(floor)}`,
    anchor: extra.anchor ?? '—',
    met,
    note: joinNotes(miss, extra.note),
  };
}

function percentOff(measured: number, goal: number): string {
  return goal === 0 ? '∞' : `${Math.round((Math.abs(measured - goal) / goal) * 100)}%`;
}

/** What a suite hands back: its figures, and Markdown lines on how and what it measured. */
export interface SuiteResult {
  figures: Figure[];
  details: string[];
}
