import { atLeast, info, perSecond, ratio, type Figure } from '../../lib/figures';
import { median } from '../../lib/stats';
import type { Round, Target } from '../throughput';
import { PAGES, PAGE_SIZE } from './list-pages';
import { medianRatio, roundRatios } from './round-ratios';

/** The service answers at least as many pages a second as the simplest correct server. */
const PLAIN_GOAL = 1;

const rateOf = (rounds: Round[][], target: Target['name']) =>
  median(
    rounds.flatMap((round) => round.filter((r) => r.target === target)).map((r) => r.perSecond),
  );

/**
 * The list's figures: the service against the simplest correct server, its goal; the bare
 * server, the Hono app and the page-read server as references, without goals.
 */
export function listFigures(section: string, rounds: Round[][]): Figure[] {
  const toBare = (target: Target['name']) => ratio(medianRatio(rounds, target, 'bare'));
  return [
    info(
      section,
      `list GET /api/token/?p=1…${PAGES}&size=${PAGE_SIZE} in turn, service`,
      perSecond(rateOf(rounds, 'service')),
    ),
    info(
      section,
      'list, the simplest correct server: node:http, one plain query, JSON.stringify',
      perSecond(rateOf(rounds, 'plain')),
      { note: 'every page read from the database; bench/suites/throughput/plain-list-server.ts' },
    ),
    atLeast(
      section,
      'list, ratio service / simplest correct server',
      medianRatio(rounds, 'service', 'plain'),
      PLAIN_GOAL,
      ratio,
      {
        note: `median of ${rounds.length} rounds: ${roundRatios(rounds, 'service', 'plain').map(ratio).join(', ')}`,
      },
    ),
    info(
      section,
      'list, bare node:http sending the same bytes',
      perSecond(rateOf(rounds, 'bare')),
      { note: `reference: the service answers ${toBare('service')} of it` },
    ),
    info(
      section,
      'list, a one-route Hono app sending the same bytes',
      perSecond(rateOf(rounds, 'hono')),
      {
        note: `reference: ${toBare('hono')} of the bare server, what the framework costs by itself`,
      },
    ),
    info(
      section,
      'list, node:http around the store’s page read alone',
      perSecond(rateOf(rounds, 'page-read')),
      {
        note: `reference: ${toBare('page-read')} of the bare server; no framework, no key check, no query parsing: the floor of reading each page from the database`,
      },
    ),
  ];
}
