/** A demo token as written in the tables: dollars and days, turned into a record at start. */
export interface DemoToken {
  name: string;
  /** Dollars left; 0 makes an exhausted token unless unlimited. */
  left: number;
  /** Dollars spent over its life: its usage figures add up to this. */
  used: number;
  unlimited?: boolean;
  disabled?: boolean;
  /** Days from now; negative is in the past. */
  expiresInDays: number | 'never';
  createdDaysAgo: number;
  /** Days since last use; absent for a token never used. */
  usedDaysAgo?: number;
  models?: string;
  subnet?: string;
  /** Requests a minute; absent for no limit. */
  rpmLimit?: number;
}
