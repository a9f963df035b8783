/**
 * The token list as the simplest correct server gives it, measured beside the service: what a
 * competent person writes in an afternoon to serve the same pages from the same SQLite file.
 * node:http; the admin key checked as the service checks it (plain-auth.ts); p and size
 * validated by the contract's schema; one plain query a page, its tokens newest first with the
 * count of all tokens; each row made into the contract's fields (a refill that fell due shown
 * applied) and the page sent with JSON.stringify, byte for byte the service's answer, with its
 * headers. Every page is read from the database. It serves the unfiltered list in its default
 * order, the pages the bench asks for; anything else is refused.
 *   node --import tsx bench/suites/throughput/plain-list-server.ts DATA_DIR ADMIN_KEY RESPONSES.json
 * prints its port, then serves until SIGTERM.
 */
import { createServer } from 'node:http';
import { describeIssues } from '../../../src/contract/envelope';
import { nextResetTime } from '../../../src/contract/quota-reset';
import { tokenListQuerySchema } from '../../../src/contract/token';
import { RECORD_COLUMNS, toToken, type TokenRecord } from '../../../server/store/token-record';
import { adminKeyCheck, openPlainServer, send, serve } from './plain-auth';

const [dataDir, adminKey, responsesFile] = process.argv.slice(2);
if (!dataDir || !adminKey || !responsesFile) {
  throw new Error('usage: plain-list-server.ts DATA_DIR ADMIN_KEY RESPONSES.json');
}
const { db, headers } = openPlainServer(dataDir, responsesFile);
const keys = adminKeyCheck(db, adminKey, 'tokens.read');

type Row = Omit<TokenRecord, 'unlimited_quota'> & { unlimited_quota: number; total: number };
const page = db.prepare<[number, number], Row>(
  `SELECT ${RECORD_COLUMNS}, (SELECT count(*) FROM tokens) AS total
    FROM tokens ORDER BY id DESC LIMIT ? OFFSET ?`,
);
const total = db.prepare<[], number>('SELECT count(*) FROM tokens').pluck();

function token(row: Row, now: number) {
  const record = { ...row, unlimited_quota: row.unlimited_quota === 1 };
  if (record.next_reset_time >= 0 && record.next_reset_time <= now) {
    record.remain_quota = record.quota_reset_amount;
    record.next_reset_time = nextResetTime(record.quota_reset_period, now);
  }
  return toToken(record, now, row.key_masked);
}

const server = createServer((request, response) => {
  const caller = keys.who(request);
  if (!('role' in caller)) {
    send(response, headers, caller);
    return;
  }
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' || url.pathname !== '/api/token/') {
    send(response, headers, { status: 404, message: 'this server answers GET /api/token/ only' });
    return;
  }
  const refusal = keys.may(caller.role);
  if (refusal) {
    send(response, headers, refusal);
    return;
  }
  const parsed = tokenListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    send(response, headers, { status: 400, message: describeIssues(parsed.error) });
    return;
  }
  const { p, size, keyword, token: key, status, order } = parsed.data;
  if (keyword !== '' || key !== '' || status !== undefined || order !== '-id') {
    send(response, headers, {
      status: 400,
      message: 'this server lists every token, newest first',
    });
    return;
  }
  const now = Math.floor(Date.now() / 1000);
  const rows = page.all(size, (p - 1) * size);
  send(response, headers, {
    data: {
      items: rows.map((row) => token(row, now)),
      total: rows[0]?.total ?? total.get()!,
      total_capped: false,
      page: p,
      page_size: size,
    },
  });
});

serve(server, db);
