import { DEFAULT_QUOTA_PER_UNIT } from '../src/contract/status';
import { NEVER, TokenStatus } from '../src/contract/token';
import { PEOPLE_AND_PROJECTS } from './demo/people-and-projects';
import { TEAMS_AND_SERVICES } from './demo/teams-and-services';
import { generateTokenKey } from './store/token-record';
import type { TokenRecordInput } from './store/ports/token-loading';

const DAY = 86_400;

/**
 * A gateway's worth of tokens for trying the dashboard: every status, unlimited ones, quotas
 * from $0.50 to $500, expiries past, near, far and never, uses spread over months.
 */
export function demoTokens(now: number): TokenRecordInput[] {
  const units = (dollars: number) => Math.round(dollars * DEFAULT_QUOTA_PER_UNIT);
  return [...TEAMS_AND_SERVICES, ...PEOPLE_AND_PROJECTS].map((demo) => {
    const created = now - demo.createdDaysAgo * DAY - 3_600;
    return {
      name: demo.name,
      key: generateTokenKey(),
      status: demo.disabled ? TokenStatus.disabled : TokenStatus.enabled,
      remain_quota: units(demo.left),
      used_quota: units(demo.used),
      unlimited_quota: demo.unlimited ?? false,
      expired_time: demo.expiresInDays === 'never' ? NEVER : now + demo.expiresInDays * DAY,
      created_time: created,
      accessed_time: demo.usedDaysAgo === undefined ? created : now - demo.usedDaysAgo * DAY - 600,
      models: demo.models ?? '',
      subnet: demo.subnet ?? '',
      quota_reset_period: 'none',
      quota_reset_amount: 0,
      next_reset_time: -1,
      rpm_limit: 0,
    };
  });
}
