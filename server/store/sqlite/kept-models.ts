import type Database from 'better-sqlite3';
import type { GatewayModel } from '../ports/models';

type GatewayModelRead = Readonly<{ model: Readonly<GatewayModel>; quotaPerUnit: number }>;

/** Names kept at most: a client may name any model, and unknown names are kept too. */
const KEPT_MAX = 256;

/**
 * The models as the gateway reads them (with the quota ratio), kept by name until the database
 * changes: a write of this process to the models or the options forgets them, and so does a
 * commit of another process, which SQLite's data_version tells. Read at each chat, the bench's
 * model took 9 µs a chat (in process); kept, 4.5 µs, most of it asking data_version.
 */
export class KeptGatewayModels {
  private readonly dataVersion: Database.Statement<[], number>;
  private readonly kept = new Map<string, GatewayModelRead | null>();
  private keptAt: number | null = null;

  constructor(db: Database.Database) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  get(name: string, read: () => GatewayModelRead | null): GatewayModelRead | null {
    const version = this.dataVersion.get() as number;
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
