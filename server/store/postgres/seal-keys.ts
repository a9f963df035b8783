import type { KeySeal } from '../key-seal';
import type { Client } from './migrations';

/** Rows converted at a time. */
const SEAL_BATCH = 5000;

/**
 * 5: no whole key at rest. Each key becomes its SHA-256 digest (found by a unique index), the key
 * sealed with the secret (for reveal) and its masked form (for lists); the key column goes.
 * key_secret holds a check of the secret, so a start with another one is refused.
 */
export async function sealKeys(client: Client, seal: KeySeal): Promise<void> {
  await client.query(`ALTER TABLE tokens ADD COLUMN key_digest BYTEA,
    ADD COLUMN key_sealed BYTEA, ADD COLUMN key_masked TEXT`);
  for (let after = 0; ;) {
    const { rows } = await client.query<{ id: number; key: string }>(
      'SELECT id, key FROM tokens WHERE id > $1 ORDER BY id LIMIT $2',
      [after, SEAL_BATCH],
    );
    if (rows.length === 0) break;
    const sealed = rows.map((row) => seal.seal(row.key));
    await client.query(
      `UPDATE tokens SET key_digest = v.digest, key_sealed = v.sealed, key_masked = v.masked
        FROM unnest($1::bigint[], $2::bytea[], $3::bytea[], $4::text[]) AS v(id, digest, sealed, masked)
        WHERE tokens.id = v.id`,
      [
        rows.map((row) => row.id),
        sealed.map((key) => key.digest),
        sealed.map((key) => key.sealed),
        sealed.map((key) => key.masked),
      ],
    );
    after = rows.at(-1)!.id;
  }
  await client.query(`
    ALTER TABLE tokens ALTER COLUMN key_digest SET NOT NULL,
      ALTER COLUMN key_sealed SET NOT NULL, ALTER COLUMN key_masked SET NOT NULL,
      DROP COLUMN key;
    CREATE UNIQUE INDEX tokens_by_key_digest ON tokens (key_digest);
    CREATE TABLE key_secret (
      only_row BOOLEAN PRIMARY KEY CHECK (only_row),
      check_value BYTEA NOT NULL
    );
  `);
  await client.query('INSERT INTO key_secret (only_row, check_value) VALUES (true, $1)', [
    seal.check,
  ]);
}
