import type { Model } from '../../contract/model';
import type { ModelActionHandlers } from './model-actions';

/** What the screen gives either layout of the list: the table, or the cards on a phone. */
export interface ModelListViewProps {
  models: Model[];
  /** null for a key that may not manage models: the list then has no buttons. */
  handlers: ModelActionHandlers | null;
}
