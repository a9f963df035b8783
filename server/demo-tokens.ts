import { DEFAULT_QUOTA_PER_UNIT } from '../src/contract/status';
import { NEVER, TokenStatus, tokenListQuerySchema } from '../src/contract/token';
import { demoUsage } from './demo/demo-usage';
import { PEOPLE_AND_PROJECTS } from './demo/people-and-projects';
import { seededRandom, wholeBetween } from './demo/seeded-random';
import { TEAMS_AND_SERVICES } from './demo/teams-and-services';
import { generateTokenKey } from './store/token-record';
import type { TokenLoadingPort, TokenRecordInput } from './store/ports/token-loading';
import type { TokenPort } from './store/ports/tokens';
import type { UsagePort } from './store/ports/usage';

const DAY = 86_400;

/**
 * A gateway's worth of tokens for trying the dashboard: every status, unlimited ones, quotas
 * from $0.50 to $500, expiries past, near, far and never, uses spread over months.
 */
export function demoTokens(now: number): TokenRecordInput[] {
  const units = (dollars: number) => Math.round(dollars * DEFAULT_QUOTA_PER_UNIT);
  return [...TEAMS_AND_SERVICES, ...PEOPLE_AND_PROJECTS].map((demo) => {
    const created = now - demo.createdDaysAgo * DAY - 3_600;
    // Tokens used the same day were last used minutes to hours apart, not all at once.
    const lastUseMinutes = wholeBetween(seededRandom(demo.name), 2, 300);
    return {
      name: demo.name,
      key: generateTokenKey(),
      status: demo.disabled ? TokenStatus.disabled : TokenStatus.enabled,
      remain_quota: units(demo.left),
      used_quota: units(demo.used),
      unlimited_quota: demo.unlimited ?? false,
      expired_time: demo.expiresInDays === 'never' ? NEVER : now + demo.expiresInDays * DAY,
      created_time: created,
      accessed_time:
        demo.usedDaysAgo === undefined
          ? created
          : Math.max(created + 60, now - demo.usedDaysAgo * DAY - lastUseMinutes * 60),
      models: demo.models ?? '',
      subnet: demo.subnet ?? '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      next_reset_time: -1,
      rpm_limit: demo.rpmLimit ?? 0,
    };
  });
}

/**
 * Fills an empty database with the demo tokens and the usage figures of their lives, which
 * agree with them (demo/demo-usage.ts). How many tokens it added: none when there were tokens.
 */
export async function addDemoDataIfEmpty(
  store: TokenLoadingPort & TokenPort & UsagePort,
  now: number,
): Promise<number> {
  const tokens = demoTokens(now);
  const added = await store.insertManyIfEmpty(tokens);
  if (added === 0) return 0;
  const stored = await store.list(tokenListQuerySchema.parse({ order: 'id', size: '100' }));
  const ids = new Map(stored.items.map((token) => [token.name, token.id]));
  const withIds = tokens.flatMap((token) => {
    const id = ids.get(token.name);
    return id === undefined ? [] : [{ ...token, id }];
  });
  await store.addUsage([demoUsage(withIds, now)]);
  return added;
}
