import type { Model, ModelCreate, ModelUpdate } from '../../../src/contract/model';
import type { Audited } from './audit';

/** A model as the gateway uses it: with its upstream key opened. Never leaves the service. */
export interface GatewayModel extends Model {
  upstream_key: string;
}

export type ModelWriteResult =
  | { outcome: 'saved'; model: Model }
  | { outcome: 'not_found' }
  /** Another model has this name; nothing was changed. */
  | { outcome: 'name_taken' };

/**
 * The models the gateway can reach: each names an upstream (an OpenAI-compatible base address
 * and its key, sealed at rest like token keys), its prices and its defaults. Every instance
 * reads them from the database at each request, so a change shows on all of them at once.
 */
export interface ModelPort {
  /** Every model, ordered by name; upstream keys only masked. */
  models(): Promise<Model[]>;
  createModel(input: ModelCreate, audit?: Audited): Promise<ModelWriteResult>;
  /** Fields left out keep their values; an upstream_key of "" removes the key. */
  updateModel(patch: ModelUpdate, audit?: Audited): Promise<ModelWriteResult>;
  removeModel(id: number, audit?: Audited): Promise<boolean>;
  /**
   * The model clients name, with its upstream key opened and the quota ratio of the moment
   * (QuotaPerUnit), read together; null when no model has the name. For the gateway only.
   */
  gatewayModel(name: string): Promise<{ model: GatewayModel; quotaPerUnit: number } | null>;
}
