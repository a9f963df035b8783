import { authHeaders } from '../../lib/api';
import { processMemory, type RunningService } from '../../lib/service';
import { KEYWORDS, ORDERS, PAGE_SIZE } from './list-timings';

const CONCURRENCY = 4;
const SAMPLE_MS = 20;
const LIST_PAGES = [1, 100, 5000];

export interface MemoryUnderLoad {
  requests: number;
  /** Resident size before the burst, right after the start. */
  idleKiB: number;
  /** Resident size right after the burst. */
  afterKiB: number;
  /** Highest resident size sampled during the burst, or the system's peak (VmHWM) if higher. */
  peakKiB: number;
  seconds: number;
}

/** What a few people browsing a large list would ask: every order, deep pages, searches, summaries. */
function burstPaths(sampleKeys: readonly string[]): string[] {
  return [
    ...ORDERS.flatMap((order) =>
      LIST_PAGES.map((p) => `/api/token/?p=${p}&size=${PAGE_SIZE}&order=${order}`),
    ),
    ...KEYWORDS.map(
      (keyword) => `/api/token/?size=${PAGE_SIZE}&keyword=${encodeURIComponent(keyword)}`,
    ),
    ...sampleKeys.map((key) => `/api/token/?size=${PAGE_SIZE}&token=${key}`),
    '/api/token/summary',
    '/api/token/summary?keyword=Billing',
  ];
}

export async function memoryUnderLoad(
  service: RunningService,
  total: number,
): Promise<MemoryUnderLoad> {
  const idleKiB = processMemory(service.pid).rssKiB;
  const headers = authHeaders(service);
  const keys = await Promise.all(
    [1, Math.ceil(total / 4), Math.ceil(total / 2), total].map(async (id) => {
      const response = await fetch(`${service.url}/api/token/${id}/key`, {
        method: 'POST',
        headers,
      });
      if (!response.ok) throw new Error(`revealing token ${id} answered ${response.status}`);
      return ((await response.json()) as { data: { key: string } }).data.key;
    }),
  );
  const queue = burstPaths(keys);
  const requests = queue.length;
  let peakKiB = processMemory(service.pid).rssKiB;
  const sampler = setInterval(() => {
    peakKiB = Math.max(peakKiB, processMemory(service.pid).rssKiB);
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const worker = async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const response = await fetch(`${service.url}${path}`, { headers });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        await response.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    clearInterval(sampler);
  }
  const after = processMemory(service.pid);
  return {
    requests,
    idleKiB,
    afterKiB: after.rssKiB,
    peakKiB: Math.max(peakKiB, after.peakKiB ?? 0),
    seconds: (performance.now() - started) / 1000,
  };
}
