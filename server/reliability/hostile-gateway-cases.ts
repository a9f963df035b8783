/** Bodies of the key service's routes (verify, usage report, rotate) that break their rules. */
import { NOT_ID, NOT_QUOTA, NOT_TEXT, type Ids } from './hostile-cases';

type Add = (route: string, method: string, path: string, entries: [string, unknown][]) => void;

/** Each refused, and none charges, settles or rotates anything. */
export function gatewayFieldCases(ids: Ids, add: Add): void {
  // A verify refused for its input charges nothing, even with the key of a token that has quota.
  const verify = (entries: [string, unknown][]) =>
    add('verify', 'POST', '/api/token/verify', entries);
  for (const value of [...NOT_TEXT, '', '   ', 'k'.repeat(201)]) verify([['key', value]]);
  verify([['cost', 1]]);
  for (const value of NOT_QUOTA) {
    verify([
      ['key', ids.existingKey],
      ['cost', value],
    ]);
  }
  for (const value of [...NOT_TEXT, 'm'.repeat(101)]) {
    verify([
      ['key', ids.existingKey],
      ['model', value],
      ['cost', 1],
    ]);
  }
  for (const value of [
    ...NOT_TEXT,
    '',
    'localhost',
    '10.0.0.256',
    '10.0.0.0/8',
    '::1::',
    ' 10.0.0.1',
  ]) {
    verify([
      ['key', ids.existingKey],
      ['ip', value],
      ['cost', 1],
    ]);
  }

  for (const value of [null, -1, 604_801, 1.5, '60', true, [], {}, 1e300]) {
    add('rotate', 'POST', `/api/token/${ids.existing}/rotate`, [['grace_seconds', value]]);
  }

  // A refused report charges nothing either.
  const report = (entries: [string, unknown][]) =>
    add('usage report', 'POST', '/api/token/usage', entries);
  report([['quota', 1]]);
  report([
    ['key', ids.existingKey],
    ['token_id', ids.existing],
    ['quota', 1],
  ]);
  for (const value of NOT_QUOTA) {
    report([
      ['token_id', ids.existing],
      ['quota', value],
    ]);
  }
  for (const value of NOT_ID) {
    report([
      ['token_id', value],
      ['quota', 1],
    ]);
  }
  for (const value of [...NOT_TEXT, '', 'r'.repeat(129)]) {
    report([
      ['token_id', ids.existing],
      ['quota', 1],
      ['request_id', value],
    ]);
  }
}
