import type { AuditAction, AuditRecord, AuditSubject } from '../../contract/audit';

/** What a record was about, which says how its before and after are read. */
export type AuditSubjectKind = 'token' | 'option' | 'admin_key' | 'model';

const subjectOf = (action: AuditAction): AuditSubjectKind => {
  if (action.startsWith('token.')) return 'token';
  if (action.startsWith('model.')) return 'model';
  return action === 'option.update' ? 'option' : 'admin_key';
};

/** The token fields a person set or changes, in the order the form shows them; the key last. */
const TOKEN_FIELDS = [
  'name',
  'status',
  'remain_quota',
  'unlimited_quota',
  'used_quota',
  'expired_time',
  'quota_reset_period',
  'quota_reset_amount',
  'rpm_limit',
  'models',
  'subnet',
  'key',
] as const;
export type AuditTokenField = (typeof TOKEN_FIELDS)[number];

/** A new token shows these always, and its other fields only where they are not the defaults. */
const CREATE_ALWAYS: readonly AuditTokenField[] = ['name', 'remain_quota', 'expired_time'];
const CREATE_DEFAULTS: Partial<Record<AuditTokenField, unknown>> = {
  unlimited_quota: false,
  quota_reset_period: 'none',
  quota_reset_amount: 0,
  rpm_limit: 0,
  models: '',
  subnet: '',
};
/** What a deleted token was. */
const DELETED: readonly AuditTokenField[] = [
  'name',
  'status',
  'remain_quota',
  'used_quota',
  'expired_time',
];
const ADMIN_KEY_FIELDS = ['name', 'role'] as const;
/** A model's fields in the order its form shows them; its times change by themselves. */
export const MODEL_FIELDS = [
  'name',
  'upstream_url',
  'upstream_model',
  'upstream_key_masked',
  'input_price',
  'output_price',
  'cached_input_price',
  'max_output_tokens',
  'stream_usage',
  'enabled',
] as const;
const SUBJECT_FIELDS: Record<Exclude<AuditSubjectKind, 'option'>, readonly string[]> = {
  token: TOKEN_FIELDS,
  admin_key: ADMIN_KEY_FIELDS,
  model: MODEL_FIELDS,
};

export interface FieldValue {
  field: string;
  value: unknown;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** The field meant nothing before (a refill amount while there were no refills): only after. */
  newlySet?: true;
}

/**
 * What a record shows: a reveal, the fields of what was created or deleted, or the fields that
 * a change made differ. An option's field is its key.
 */
export type AuditShown =
  | { kind: 'revealed' }
  | { kind: 'values'; subject: AuditSubjectKind; fields: FieldValue[] }
  | { kind: 'changes'; subject: AuditSubjectKind; changes: FieldChange[] };

const valuesOf = (record: NonNullable<AuditSubject>, fields: readonly string[]): FieldValue[] =>
  fields.filter((field) => field in record).map((field) => ({ field, value: record[field] }));

function tokenValues(record: NonNullable<AuditSubject>, created: boolean): FieldValue[] {
  if (!created) return valuesOf(record, DELETED);
  const shown = TOKEN_FIELDS.filter(
    (field) =>
      CREATE_ALWAYS.includes(field) ||
      (field in CREATE_DEFAULTS && record[field] !== CREATE_DEFAULTS[field]),
  );
  // An unlimited token's quota figure is kept but not enforced: "Unlimited" says what matters.
  return valuesOf(
    record,
    record.unlimited_quota === true ? shown.filter((field) => field !== 'remain_quota') : shown,
  );
}

function optionFields(record: AuditSubject): FieldValue[] {
  return record && typeof record.key === 'string'
    ? [{ field: record.key, value: record.value }]
    : [];
}

function valuesShown(
  subject: AuditSubjectKind,
  record: NonNullable<AuditSubject>,
  created: boolean,
) {
  if (subject === 'token') return tokenValues(record, created);
  if (subject === 'option') return optionFields(record);
  return valuesOf(record, SUBJECT_FIELDS[subject]);
}

function changedFields(
  subject: AuditSubjectKind,
  before: NonNullable<AuditSubject>,
  after: NonNullable<AuditSubject>,
): FieldChange[] {
  if (subject === 'option') {
    const key = typeof after.key === 'string' ? after.key : before.key;
    return typeof key === 'string' && before.value !== after.value
      ? [{ field: key, before: before.value, after: after.value }]
      : [];
  }
  const changes = SUBJECT_FIELDS[subject]
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, before: before[field], after: after[field] }));
  return subject === 'token' ? refillAmountAsMeant(changes, before, after) : changes;
}

const refills = (record: NonNullable<AuditSubject>) =>
  typeof record.quota_reset_period === 'string' && record.quota_reset_period !== 'none';

/**
 * A refill amount means something only while the token refills: once refills stop it is not
 * told ("Refills: Daily → Never" says it), and when they start it is told as set, not as a
 * change from the $0.00 stored while there were none.
 */
function refillAmountAsMeant(
  changes: FieldChange[],
  before: NonNullable<AuditSubject>,
  after: NonNullable<AuditSubject>,
): FieldChange[] {
  if (!refills(after)) return changes.filter(({ field }) => field !== 'quota_reset_amount');
  if (refills(before)) return changes;
  return changes.map((change) =>
    change.field === 'quota_reset_amount' ? { ...change, newlySet: true } : change,
  );
}

export function auditShown({ action, before, after }: AuditRecord): AuditShown {
  if (action === 'token.reveal') return { kind: 'revealed' };
  const subject = subjectOf(action);
  if (before && after)
    return { kind: 'changes', subject, changes: changedFields(subject, before, after) };
  const record = after ?? before;
  return {
    kind: 'values',
    subject,
    fields: record ? valuesShown(subject, record, after !== null) : [],
  };
}

/**
 * Until when the key a rotation replaced kept working: a time, or null when it stopped at once.
 * Undefined for other records, and for rotations recorded before tokens told it.
 */
export function rotationGrace({
  action,
  after,
}: Pick<AuditRecord, 'action' | 'after'>): { until: number | null } | undefined {
  if (action !== 'token.rotate' || !after || !('previous_key_valid_until' in after)) return;
  const until = after.previous_key_valid_until;
  return { until: typeof until === 'number' ? until : null };
}

/** The token's name as the record knows it, from after the change or, once deleted, before. */
export function tokenNameOf({
  before,
  after,
}: Pick<AuditRecord, 'before' | 'after'>): string | null {
  const name = after?.name ?? before?.name;
  return typeof name === 'string' ? name : null;
}
