import type { Option, OptionKey } from '../../../src/contract/status';
import type { Audited } from './audit';

/** The settings the dashboard shows and changes. */
export interface OptionPort {
  /** Every known option, stored value or default, as strings. */
  getOptions(): Promise<Option[]>;
  setOption(key: OptionKey, value: string, audit?: Audited): Promise<Option[]>;
}
