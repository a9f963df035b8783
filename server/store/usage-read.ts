import type { UsageFigures, UsageRange } from '../../src/contract/usage';
import type { UsagePort } from './ports/usage';
import { findTopTokens, type TopTokenReads } from './top-tokens';
import {
  FIGURE_TABLES,
  assembleFigures,
  figureRowsSql,
  holdsSql,
  planRange,
  readFigureRows,
  type FigureReads,
  type FigureRow,
} from './usage-figures';
import type { Span } from './usage-plan';

/**
 * How an engine runs the reads of usage figures: the queries usage-figures.ts writes, with the
 * engine's placeholders for a span's ends and a token's id, and the top tokens' reads.
 */
export interface UsageQueries {
  placeholders: { from: string; to: string; token: string };
  /** The rows of a query of figure rows, over `span`, of one token or of all. */
  rows(sql: string, span: Span, tokenId?: number): Promise<FigureRow[]>;
  /** Whether a query finds a row, with the same values. */
  any(sql: string, span: Span, tokenId?: number): Promise<boolean>;
  tokenExists(tokenId: number): Promise<boolean>;
  top: TopTokenReads;
}

/** The usage figures of one token (null: no such token), or of every token with the top 10. */
export async function readUsage(
  queries: UsageQueries,
  range: UsageRange,
  tokenId?: number,
): Promise<UsageFigures | null> {
  if (tokenId === undefined) {
    const everyToken = figureReads(queries);
    const plan = await planRange(everyToken, range);
    const rows = await readFigureRows(everyToken, range, plan);
    return assembleFigures(range, rows, undefined, await findTopTokens(queries.top, plan));
  }
  if (!(await queries.tokenExists(tokenId))) return null;
  return assembleFigures(
    range,
    await readFigureRows(figureReads(queries, tokenId), range),
    tokenId,
  );
}

/** The reads of one token's figures, or of every token's together. */
function figureReads(queries: UsageQueries, tokenId?: number): FigureReads {
  const span = queries.placeholders;
  const tables = tokenId === undefined ? FIGURE_TABLES.all : FIGURE_TABLES.token;
  const where = tokenId === undefined ? undefined : `token_id = ${span.token}`;
  return {
    tables,
    rows: (table, size, within) =>
      queries.rows(figureRowsSql(table, size, span, where), within, tokenId),
    holds: (within) => queries.any(holdsSql(tables.hour, span, where), within, tokenId),
  };
}

/**
 * The usage port over an engine's read of the figures and its addition of past sums: the figures
 * answered include this process's own latest verifies, written first (they wait up to a second).
 */
export function usagePort(
  flushUsage: () => Promise<void>,
  read: (range: UsageRange, tokenId?: number) => Promise<UsageFigures | null>,
  addUsage: UsagePort['addUsage'],
): UsagePort {
  return {
    async usage(range, tokenId) {
      await flushUsage();
      return read(range, tokenId);
    },
    addUsage,
  };
}
