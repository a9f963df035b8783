import { DEFAULT_QUOTA_PER_UNIT } from '../src/contract/status';
import { NEVER } from '../src/contract/token';
import { generateTokenKey } from './store/token-record';
import type { TokenRecordInput } from './store/token-store';

interface DemoToken {
  name: string;
  /** Dollars left; 0 makes an exhausted token unless unlimited. */
  left: number;
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
}

/**
 * A gateway's worth of tokens for trying the dashboard: every status, unlimited ones, quotas
 * from $0.50 to $500, expiries past, near, far and never, uses spread over months.
 */
const DEMO_TOKENS: readonly DemoToken[] = [
  {
    name: 'Production backend',
    left: 480,
    used: 1250,
    expiresInDays: 'never',
    createdDaysAgo: 210,
    usedDaysAgo: 0,
  },
  {
    name: 'Production backend (failover)',
    left: 500,
    used: 12.4,
    expiresInDays: 'never',
    createdDaysAgo: 200,
    usedDaysAgo: 3,
  },
  {
    name: 'Staging',
    left: 42.5,
    used: 57.5,
    expiresInDays: 90,
    createdDaysAgo: 120,
    usedDaysAgo: 1,
  },
  {
    name: 'Staging – load test',
    left: 0,
    used: 100,
    expiresInDays: 30,
    createdDaysAgo: 45,
    usedDaysAgo: 6,
  },
  {
    name: 'CI runner',
    left: 18.75,
    used: 31.25,
    expiresInDays: 180,
    createdDaysAgo: 160,
    usedDaysAgo: 0,
  },
  {
    name: 'CI runner (nightly evals)',
    left: 0,
    used: 0,
    unlimited: true,
    expiresInDays: 'never',
    createdDaysAgo: 150,
    usedDaysAgo: 0,
  },
  {
    name: 'Alice – notebook',
    left: 7.3,
    used: 12.7,
    expiresInDays: 14,
    createdDaysAgo: 60,
    usedDaysAgo: 2,
    models: 'gpt-4o-mini,claude-3-5-haiku',
  },
  {
    name: 'Bob – experiments',
    left: 0.5,
    used: 9.5,
    expiresInDays: 3,
    createdDaysAgo: 30,
    usedDaysAgo: 0,
  },
  { name: 'Carol – data cleaning', left: 25, used: 0, expiresInDays: 60, createdDaysAgo: 2 },
  {
    name: 'Dmitri – prototype',
    left: 10,
    used: 4.2,
    expiresInDays: -12,
    createdDaysAgo: 95,
    usedDaysAgo: 13,
  },
  {
    name: 'Émilie – translation demo',
    left: 5,
    used: 1.1,
    expiresInDays: -40,
    createdDaysAgo: 130,
    usedDaysAgo: 41,
  },
  {
    name: 'Fatima – RAG evaluation',
    left: 120,
    used: 80,
    expiresInDays: 200,
    createdDaysAgo: 75,
    usedDaysAgo: 0,
    models: 'gpt-4o,text-embedding-3-large',
  },
  {
    name: 'Support chatbot',
    left: 0,
    used: 0,
    unlimited: true,
    expiresInDays: 'never',
    createdDaysAgo: 240,
    usedDaysAgo: 0,
    models: 'gpt-4o-mini',
  },
  {
    name: 'Support chatbot (old)',
    left: 200,
    used: 800,
    disabled: true,
    expiresInDays: 'never',
    createdDaysAgo: 400,
    usedDaysAgo: 88,
  },
  {
    name: 'Marketing copy generator',
    left: 0,
    used: 50,
    expiresInDays: 120,
    createdDaysAgo: 100,
    usedDaysAgo: 9,
  },
  {
    name: 'Search reranker',
    left: 350,
    used: 150,
    expiresInDays: 365,
    createdDaysAgo: 180,
    usedDaysAgo: 0,
    subnet: '10.0.0.0/8',
  },
  {
    name: 'Embeddings backfill',
    left: 0.5,
    used: 499.5,
    expiresInDays: 7,
    createdDaysAgo: 20,
    usedDaysAgo: 0,
    models: 'text-embedding-3-small',
  },
  {
    name: 'Mobile app (iOS)',
    left: 260,
    used: 240,
    expiresInDays: 'never',
    createdDaysAgo: 170,
    usedDaysAgo: 0,
    subnet: '203.0.113.0/24',
  },
  {
    name: 'Mobile app (Android)',
    left: 245,
    used: 255,
    expiresInDays: 'never',
    createdDaysAgo: 170,
    usedDaysAgo: 0,
    subnet: '203.0.113.0/24',
  },
  {
    name: 'Partner API – Acme',
    left: 75,
    used: 25,
    expiresInDays: 45,
    createdDaysAgo: 50,
    usedDaysAgo: 1,
  },
  {
    name: 'Partner API – Globex',
    left: 0,
    used: 100,
    disabled: true,
    expiresInDays: -5,
    createdDaysAgo: 150,
    usedDaysAgo: 6,
  },
  {
    name: 'Hackathon team 1',
    left: 2.5,
    used: 2.5,
    expiresInDays: -90,
    createdDaysAgo: 120,
    usedDaysAgo: 92,
  },
  {
    name: 'Hackathon team 2',
    left: 0,
    used: 5,
    expiresInDays: -90,
    createdDaysAgo: 120,
    usedDaysAgo: 91,
  },
  {
    name: 'Hackathon judges',
    left: 1,
    used: 0.2,
    disabled: true,
    expiresInDays: -89,
    createdDaysAgo: 120,
    usedDaysAgo: 90,
  },
  { name: 'Intern onboarding', left: 15, used: 0, expiresInDays: 1, createdDaysAgo: 6 },
  {
    name: 'Security review (read-only)',
    left: 3,
    used: 0.4,
    disabled: true,
    expiresInDays: 20,
    createdDaysAgo: 10,
    usedDaysAgo: 8,
  },
  {
    name: 'Batch summariser',
    left: 410,
    used: 1790,
    expiresInDays: 'never',
    createdDaysAgo: 300,
    usedDaysAgo: 0,
    models: 'claude-3-5-sonnet',
  },
  {
    name: 'Analytics notebook',
    left: 0,
    used: 0,
    unlimited: true,
    disabled: true,
    expiresInDays: 'never',
    createdDaysAgo: 80,
    usedDaysAgo: 30,
  },
  {
    name: 'Legal document review',
    left: 90,
    used: 10,
    expiresInDays: 730,
    createdDaysAgo: 15,
    usedDaysAgo: 4,
  },
  {
    name: 'Voice assistant beta',
    left: 60,
    used: 40,
    expiresInDays: 10,
    createdDaysAgo: 35,
    usedDaysAgo: 0,
  },
  {
    name: 'Grace – thesis',
    left: 4.2,
    used: 0.8,
    expiresInDays: 150,
    createdDaysAgo: 25,
    usedDaysAgo: 11,
  },
  { name: 'Unused test key', left: 1, used: 0, expiresInDays: 'never', createdDaysAgo: 190 },
  {
    name: '生产环境',
    left: 300,
    used: 700,
    expiresInDays: 'never',
    createdDaysAgo: 260,
    usedDaysAgo: 0,
  },
  { name: '测试环境', left: 0, used: 20, expiresInDays: 60, createdDaysAgo: 140, usedDaysAgo: 2 },
  {
    name: '客服机器人',
    left: 0,
    used: 0,
    unlimited: true,
    expiresInDays: 'never',
    createdDaysAgo: 220,
    usedDaysAgo: 0,
  },
  {
    name: '数据分析 – 王芳',
    left: 33,
    used: 17,
    expiresInDays: -3,
    createdDaysAgo: 70,
    usedDaysAgo: 4,
  },
  {
    name: '翻译服务',
    left: 150,
    used: 50,
    disabled: true,
    expiresInDays: 100,
    createdDaysAgo: 90,
    usedDaysAgo: 15,
  },
  {
    name: 'Docs site Q&A',
    left: 22,
    used: 78,
    expiresInDays: 25,
    createdDaysAgo: 110,
    usedDaysAgo: 0,
    models: 'gpt-4o-mini',
  },
  {
    name: 'Code review bot',
    left: 0,
    used: 0,
    unlimited: true,
    expiresInDays: 365,
    createdDaysAgo: 55,
    usedDaysAgo: 0,
  },
  {
    name: 'Weekend side project',
    left: 0.75,
    used: 0.25,
    expiresInDays: 'never',
    createdDaysAgo: 16,
    usedDaysAgo: 9,
  },
];

const DAY = 86_400;

export function demoTokens(now: number): TokenRecordInput[] {
  const units = (dollars: number) => Math.round(dollars * DEFAULT_QUOTA_PER_UNIT);
  return DEMO_TOKENS.map((demo) => {
    const created = now - demo.createdDaysAgo * DAY - 3_600;
    return {
      name: demo.name,
      key: generateTokenKey(),
      status: demo.disabled ? 2 : 1,
      remain_quota: units(demo.left),
      used_quota: units(demo.used),
      unlimited_quota: demo.unlimited ?? false,
      expired_time: demo.expiresInDays === 'never' ? NEVER : now + demo.expiresInDays * DAY,
      created_time: created,
      accessed_time: demo.usedDaysAgo === undefined ? created : now - demo.usedDaysAgo * DAY - 600,
      models: demo.models ?? '',
      subnet: demo.subnet ?? '',
    };
  });
}
