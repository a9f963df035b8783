import type { AdminKey } from '../src/contract/admin-key';
import { auditQuerySchema, type AuditPage } from '../src/contract/audit';
import type { Model } from '../src/contract/model';
import type { Option } from '../src/contract/status';
import { tokenListQuerySchema, type Token } from '../src/contract/token';
import type { Webhook } from '../src/contract/webhook';
import type { TokenStore } from './store/token-store';

/** Everything stored, whole keys included: equal snapshots mean nothing was changed. */
export interface StoreSnapshot {
  tokens: Token[];
  options: Option[];
  adminKeys: AdminKey[];
  /** How many audit records there are, and the newest: a new record changes both. */
  audit: AuditPage;
  models: Model[];
  webhooks: Webhook[];
}

export async function snapshotStore(store: TokenStore): Promise<StoreSnapshot> {
  const tokens: Token[] = [];
  for (let p = 1; ; p += 1) {
    const query = tokenListQuerySchema.parse({ p: String(p), size: '100', order: 'id' });
    const page = await store.list(query);
    for (const token of page.items) tokens.push({ ...token, key: (await store.reveal(token.id))! });
    if (p * 100 >= page.total) break;
  }
  return {
    tokens,
    options: await store.getOptions(),
    // last_used_time changes with every use of a key, which is not a change of the data.
    adminKeys: (await store.adminKeys()).map((key) => ({ ...key, last_used_time: 0 })),
    audit: await store.auditPage(auditQuerySchema.parse({ size: '1' })),
    models: await store.models(),
    webhooks: await store.webhooks(),
  };
}
