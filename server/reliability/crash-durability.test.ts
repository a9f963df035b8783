/**
 * Crash durability: the real service process, eight clients creating and updating tokens, a
 * SIGKILL in the middle, a restart on the same data directory (or PostgreSQL database). Every
 * acknowledged write must be there afterwards, each token exactly as one of its writes left it,
 * and a SQLite file intact.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maskKey, tokenListQuerySchema, tokenSchema, type Token } from '../../src/contract/token';
import { tokenPageSchema } from '../../src/contract/token-page';
import { auditPageSchema, type AuditRecord } from '../../src/contract/audit';
import { checkDatabaseFile } from '../store/sqlite/file-check';
import { DATABASE_FILE } from '../store/sqlite/database';
import { killLaunched, launchService, type RunningService } from '../test-process';
import { openPostgresStore } from '../store/postgres/store';
import { makeTempDir, serviceDatabaseEnv, testEngine } from '../test-support';
import { TEST_SECRET_BYTES } from '../store/test-postgres';

const ADMIN_KEY = 'crash-durability-admin-key';
const CLIENTS = 8;
const ROUNDS = 2;
/** Kill once this many writes were acknowledged in a round, or after KILL_AFTER_MS at the latest. */
const KILL_AT_ACKS = 200;
const KILL_AFTER_MS = 2_000;

/** One token's history as its client saw it. Each client waits for one answer before the next request. */
interface TokenLog {
  client: number;
  label: string;
  id: number | null;
  key: string | null;
  /** Sequence number of the last acknowledged write; -1 until the create is acknowledged. */
  acked: number;
  /** Sequence number of the write sent and not (yet) answered. */
  inFlight: number | null;
}

/**
 * Every field of write `seq` follows from the token and the number, so a token holding fields of
 * two different writes (a torn record) cannot pass for either.
 */
function stateOf(log: Pick<TokenLog, 'client' | 'label'>, seq: number) {
  return {
    name: `${log.label}-w${seq}`,
    remain_quota: seq * 1_000 + log.client,
    unlimited_quota: seq % 2 === 1,
    expired_time: seq === 0 ? -1 : 4_000_000_000 + seq,
    models: `model-${seq}`,
    subnet: `10.${log.client}.${seq % 256}.0/24`,
  };
}

const auth = { Authorization: `Bearer ${ADMIN_KEY}` };
const jsonAuth = { ...auth, 'Content-Type': 'application/json' };

let root: string;
afterEach(() => killLaunched());
beforeAll(() => {
  root = makeTempDir('tokendesk-crash-');
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

interface Round {
  acknowledged: { log: TokenLog; seq: number }[];
  killed: boolean;
  /** Called as a request leaves: the kill is timed to land while the service handles one. */
  onSent?: () => void;
}

/** Writes until the round is killed: a create every fourth request, otherwise a full update of one of its own tokens. */
async function runClient(
  service: RunningService,
  client: number,
  logs: TokenLog[],
  round: Round,
): Promise<void> {
  for (let step = 0; !round.killed; step += 1) {
    const own = logs.filter((log) => log.client === client && log.id !== null);
    try {
      if (own.length === 0 || step % 4 === 0) {
        const log: TokenLog = {
          client,
          label: `c${client}-t${logs.filter((l) => l.client === client).length}`,
          id: null,
          key: null,
          acked: -1,
          inFlight: 0,
        };
        logs.push(log);
        const sent = fetch(`${service.url}/api/token/`, {
          method: 'POST',
          headers: jsonAuth,
          body: JSON.stringify(stateOf(log, 0)),
        });
        round.onSent?.();
        const token = tokenSchema.parse(await answerData(await sent));
        Object.assign(log, { id: token.id, key: token.key, acked: 0, inFlight: null });
        round.acknowledged.push({ log, seq: 0 });
      } else {
        const log = own[step % own.length]!;
        const seq = log.acked + 1;
        log.inFlight = seq;
        const sent = fetch(`${service.url}/api/token/`, {
          method: 'PUT',
          headers: jsonAuth,
          body: JSON.stringify({ id: log.id, ...stateOf(log, seq) }),
        });
        round.onSent?.();
        await answerData(await sent);
        Object.assign(log, { acked: seq, inFlight: null });
        round.acknowledged.push({ log, seq });
      }
    } catch (error) {
      // A request cut by the kill was never acknowledged; anything else is a failure.
      if (round.killed) return;
      throw error;
    }
  }
}

async function answerData(response: Response): Promise<unknown> {
  const body = (await response.json()) as { success: boolean; message: string; data: unknown };
  if (response.status !== 200) throw new Error(`answer ${response.status}: ${body.message}`);
  return body.data;
}

async function listEverything(service: RunningService): Promise<Token[]> {
  const tokens: Token[] = [];
  for (let p = 1; ; p += 1) {
    const response = await fetch(`${service.url}/api/token/?size=100&order=id&p=${p}`, {
      headers: auth,
    });
    const page = tokenPageSchema.parse(await answerData(response));
    tokens.push(...page.items);
    if (p * 100 >= page.total) return tokens;
  }
}

/** Every audit record the service holds, oldest first. */
async function auditEverything(service: RunningService): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  for (let p = 1; ; p += 1) {
    const response = await fetch(`${service.url}/api/audit/?size=100&p=${p}`, { headers: auth });
    const page = auditPageSchema.parse(await answerData(response));
    records.push(...page.items);
    if (page.items.length < 100) return records.reverse();
  }
}

/**
 * No change without its record, no record without its change: each stored token's records name
 * exactly its writes, from the create to the one it holds, in order; no record names anything else.
 */
function expectAuditOfWrites(stored: Token[], records: AuditRecord[]): void {
  const byToken = new Map<number | null, AuditRecord[]>();
  for (const record of records) {
    byToken.set(record.token_id, [...(byToken.get(record.token_id) ?? []), record]);
  }
  for (const token of stored) {
    const [, label, seq] = /^(c\d+-t\d+)-w(\d+)$/.exec(token.name)!;
    const names = (byToken.get(token.id) ?? []).map((record) => {
      expect(record.action).toBe(record.before === null ? 'token.create' : 'token.update');
      return (record.after as { name: string }).name;
    });
    expect(names, `${label}: one record per write`).toEqual(
      Array.from({ length: Number(seq) + 1 }, (_, write) => `${label}-w${write}`),
    );
    byToken.delete(token.id);
  }
  expect([...byToken.keys()], 'records of tokens that are not stored').toEqual([]);
}

/** Straight after the kill, before any restart has recovered the WAL into the database. */
function checkFileAfterKill(dataDir: string): number {
  const check = checkDatabaseFile(join(dataDir, DATABASE_FILE));
  expect(check.integrity).toBe('ok');
  expect(check.keptTotal, 'the kept total agrees with the rows').toBe(check.names.length);
  expect(check.nameIndexSound, 'the name index agrees with the tokens').toBe(true);
  return check.names.length;
}

/** How many tokens the database holds straight after the kill. */
async function rowsAfterKill(env: Record<string, string>): Promise<number> {
  if (env.DATABASE_URL === undefined) return checkFileAfterKill(env.DATA_DIR!);
  const store = await openPostgresStore({ secret: TEST_SECRET_BYTES, url: env.DATABASE_URL });
  try {
    return (await store.list(tokenListQuerySchema.parse({ size: '1' }))).total;
  } finally {
    await store.close();
  }
}

/** Checks every log against what the restarted service holds, then records what it holds. */
function verify(logs: TokenLog[], stored: Token[], round: Round) {
  const byLabel = new Map<string, { token: Token; seq: number }>();
  for (const token of stored) {
    const match = /^(c\d+-t\d+)-w(\d+)$/.exec(token.name);
    expect(match, `a token no client wrote: ${token.name}`).not.toBeNull();
    const label = match![1]!;
    expect(byLabel.has(label), `two tokens for ${label}`).toBe(false);
    byLabel.set(label, { token, seq: Number(match![2]) });
  }
  let inFlight = 0;
  let inFlightApplied = 0;
  for (const log of logs) {
    const found = byLabel.get(log.label);
    byLabel.delete(log.label);
    if (log.inFlight !== null) inFlight += 1;
    if (!found) {
      expect(log.id, `${log.label}: an acknowledged create is missing`).toBeNull();
      // A create cut by the kill may be lost; it must stay lost.
      log.inFlight = null;
      continue;
    }
    const { token, seq } = found;
    const possible = [log.acked, log.inFlight].filter((s): s is number => s !== null && s >= 0);
    expect(possible, `${log.label}: holds write ${seq}`).toContain(seq);
    if (log.id !== null) expect(token.id, log.label).toBe(log.id);
    if (log.key !== null) expect(token.key, log.label).toBe(maskKey(log.key));
    expect(token, `${log.label}: fields of one write`).toMatchObject(stateOf(log, seq));
    if (seq === log.inFlight) inFlightApplied += 1;
    Object.assign(log, { id: token.id, acked: seq, inFlight: null });
  }
  expect([...byLabel.keys()], 'tokens no client created').toEqual([]);
  const found = round.acknowledged.filter(({ log, seq }) => log.acked >= seq).length;
  return { found, inFlight, inFlightApplied };
}

describe(`crash durability on ${testEngine()}`, () => {
  it(`keeps every acknowledged write of ${CLIENTS} concurrent clients through SIGKILL and restart`, async () => {
    const dataDir = join(root, 'data');
    const env: Record<string, string> = { ...(await serviceDatabaseEnv(dataDir)), ADMIN_KEY };
    const logs: TokenLog[] = [];
    let service = await launchService(env).listening;

    for (let r = 1; r <= ROUNDS; r += 1) {
      const round: Round = { acknowledged: [], killed: false };
      const clients = Array.from({ length: CLIENTS }, (_, client) =>
        runClient(service, client, logs, round),
      );
      const started = Date.now();
      while (round.acknowledged.length < KILL_AT_ACKS && Date.now() - started < KILL_AFTER_MS) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // A few milliseconds after a request leaves, the service is reading or writing it.
      await new Promise<void>((resolve) => (round.onSent = resolve));
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 6));
      round.killed = true;
      service.child.kill('SIGKILL');
      await service.exited;
      await Promise.all(clients);
      const acknowledged = round.acknowledged.length;

      const rowsStored = await rowsAfterKill(env);
      service = await launchService(env).listening;
      const stored = await listEverything(service);
      expect(stored).toHaveLength(rowsStored);
      const { found, inFlight, inFlightApplied } = verify(logs, stored, round);
      const records = await auditEverything(service);
      expectAuditOfWrites(stored, records);
      console.log(
        `crash round ${r}: ${acknowledged} writes acknowledged before SIGKILL, ${found} found after restart; ` +
          `${inFlight} in flight at the kill, ${inFlightApplied} of them applied; ${stored.length} tokens, ${records.length} audit records, one per write${env.DATABASE_URL === undefined ? '; integrity_check ok' : ''}`,
      );
      expect(acknowledged).toBeGreaterThan(0);
      expect(found).toBe(acknowledged);
    }
    service.child.kill('SIGTERM');
    expect((await service.exited).code).toBe(0);
  }, 60_000);
});

describe(`charged verifies through a crash on ${testEngine()}`, () => {
  it(`keeps every acknowledged charge of ${CLIENTS} concurrent gateways through SIGKILL and restart`, async () => {
    const dataDir = join(root, 'verify-data');
    const env: Record<string, string> = { ...(await serviceDatabaseEnv(dataDir)), ADMIN_KEY };
    let service = await launchService(env).listening;
    const GIVEN = 1_000_000_000;
    const created = await fetch(`${service.url}/api/token/`, {
      method: 'POST',
      headers: jsonAuth,
      body: JSON.stringify({ name: 'Charged', remain_quota: GIVEN }),
    });
    const token = tokenSchema.parse(await answerData(created));

    let acknowledged = 0;
    let acks = 0;
    let killed = false;
    const inFlight = new Set<number>();
    let sent = 0;
    const gateway = async () => {
      while (!killed) {
        // Each charge is a different number, so what the kill left half-done can be told apart.
        const cost = 1 + (sent += 1);
        inFlight.add(cost);
        try {
          const response = await fetch(`${service.url}/api/token/verify`, {
            method: 'POST',
            headers: jsonAuth,
            body: JSON.stringify({ key: token.key, cost }),
          });
          const answer = (await answerData(response)) as { code: string };
          expect(answer.code).toBe('VALID');
          acknowledged += cost;
          acks += 1;
          inFlight.delete(cost);
        } catch (error) {
          if (killed) return;
          throw error;
        }
      }
    };
    const gateways = Array.from({ length: CLIENTS }, gateway);
    const started = Date.now();
    while (acks < KILL_AT_ACKS && Date.now() - started < KILL_AFTER_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    killed = true;
    service.child.kill('SIGKILL');
    await service.exited;
    await Promise.all(gateways);
    if (env.DATABASE_URL === undefined) checkFileAfterKill(dataDir);

    service = await launchService(env).listening;
    const stored = await fetch(`${service.url}/api/token/${token.id}`, { headers: auth });
    const after = tokenSchema.parse(await answerData(stored));
    // Nothing made or lost: what was used came out of what was given.
    expect(after.remain_quota + after.used_quota).toBe(GIVEN);
    // Every acknowledged charge, and of those cut by the kill, whichever were committed.
    const extra = after.used_quota - acknowledged;
    const pending = [...inFlight];
    const sums = pending.reduce((all, cost) => [...all, ...all.map((sum) => sum + cost)], [0]);
    console.log(
      `verify crash: ${acks} charges (${acknowledged} units) acknowledged before SIGKILL, ${pending.length} in flight; used_quota ${after.used_quota}`,
    );
    expect(acks).toBeGreaterThan(0);
    expect(sums, 'used_quota is the acknowledged charges and some of those in flight').toContain(
      extra,
    );
    service.child.kill('SIGTERM');
    expect((await service.exited).code).toBe(0);
  }, 60_000);
});
