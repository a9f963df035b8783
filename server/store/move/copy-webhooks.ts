import type Database from 'better-sqlite3';
import type pg from 'pg';
import { copyTable, continueIds } from './copy-tables';

/** The webhook tables in the order their references need, each column with its type. */
const WEBHOOK_TABLES: ReadonlyArray<[string, Readonly<Record<string, string>>]> = [
  [
    'webhook_endpoints',
    {
      id: 'bigint',
      url: 'text',
      description: 'text',
      events: 'text',
      format: 'text',
      enabled: 'boolean',
      secret_sealed: 'bytea',
      secret_masked: 'text',
      created_time: 'bigint',
      updated_time: 'bigint',
      last_attempt_time: 'bigint',
      last_status_code: 'integer',
      last_error: 'text',
      failures_in_row: 'integer',
      failing_since: 'bigint',
      switched_off_time: 'bigint',
      previous_secret_sealed: 'bytea',
      previous_secret_valid_until: 'bigint',
    },
  ],
  [
    'webhook_events',
    {
      id: 'bigint',
      event_id: 'text',
      type: 'text',
      token_id: 'bigint',
      created_at: 'bigint',
      token: 'text',
      previous: 'text',
      actor: 'text',
      once_key: 'text',
    },
  ],
  [
    'webhook_deliveries',
    {
      id: 'bigint',
      event_id: 'bigint',
      endpoint_id: 'bigint',
      state: 'text',
      manual: 'boolean',
      attempts: 'integer',
      next_attempt_time: 'bigint',
      created_time: 'bigint',
    },
  ],
  [
    'webhook_attempts',
    {
      id: 'bigint',
      delivery_id: 'bigint',
      time: 'bigint',
      status_code: 'integer',
      error: 'text',
      duration_ms: 'integer',
      answer: 'text',
    },
  ],
];

/**
 * Copies the webhook endpoints (each secret, and the one a rotation replaced, through `reseal`), their events, deliveries
 * and attempts with their ids, and how far the periodic look has gone, so what was still to send
 * is sent from PostgreSQL. How many endpoints.
 */
export async function copyWebhooks(
  source: Database.Database,
  target: pg.ClientBase,
  reseal: (sealed: Buffer) => Buffer,
): Promise<number> {
  let endpoints = 0;
  for (const [table, columns] of WEBHOOK_TABLES) {
    const names = Object.keys(columns);
    const switches = names.flatMap((name, i) => (columns[name] === 'boolean' ? [i] : []));
    const secrets = ['secret_sealed', 'previous_secret_sealed'].map((name) => names.indexOf(name));
    const copied = await copyTable(source, target, table, columns, (row) =>
      row.map((value, i) => {
        if (secrets.includes(i)) return value === null ? null : reseal(value as Buffer);
        return switches.includes(i) ? value === 1 : value;
      }),
    );
    await continueIds(source, target, table);
    if (table === 'webhook_endpoints') endpoints = copied;
  }
  const look = source
    .prepare<[], { expiring_through: number; expired_through: number }>(
      'SELECT expiring_through, expired_through FROM webhook_look',
    )
    .get();
  if (look) {
    await target.query('UPDATE webhook_look SET expiring_through = $1, expired_through = $2', [
      look.expiring_through,
      look.expired_through,
    ]);
  }
  return endpoints;
}
