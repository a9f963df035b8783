import type Database from 'better-sqlite3';
import type { GatewayModel } from '../ports/models';
import { othersCommits } from './tokens-state';

type GatewayModelRead = Readonly<{ model: Readonly<GatewayModel>; quotaPerUnit: number }>;

/** Names kept at most: a client may name any model, and unknown names are kept too. */
const KEPT_MAX = 256;

/**
 * The models as the gateway reads them (with the quota ratio), kept by name until the database
 * changes: a write of this process to the models or the options forgets them at once, a commit
 * of another process within OTHERS_SEEN_WITHIN_MS. Read at each chat, the bench's model took
 * 9 µs a chat (in process); kept and asking data_version every chat, 4.5 µs.
 */
export class KeptGatewayModels {
  private readonly othersCommits: () => number;
  private readonly kept = new Map<string, GatewayModelRead | null>();
  private keptAt: number | null = null;

  constructor(db: Database.Database) {
    this.othersCommits = othersCommits(db);
  }

  get(name: string, read: () => GatewayModelRead | null): GatewayModelRead | null {
    const version = this.othersCommits();
    if (version !== this.keptAt) {
      this.kept.clear();
      this.keptAt = version;
    }
    let found = this.kept.get(name);
    if (found === undefined) {
      found = read();
      if (found) Object.freeze(found.model);
      if (this.kept.size >= KEPT_MAX) this.kept.clear();
      this.kept.set(name, found);
    }
    return found;
  }

  /** Called by every write of this process that changes a model or an option. */
  forget(): void {
    this.kept.clear();
  }
}
