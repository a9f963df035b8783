import {
  atLeast,
  atMost,
  count,
  info,
  MiB,
  perSecond,
  ratio,
  type Figure,
  type Format,
} from '../../lib/figures';
import { median, percentile } from '../../lib/stats';
import { BUDGET_REQUESTS, CHAT_COST, WAVE, type Overspend } from './overspend';
import { LATENCY, type EndpointName } from './sequential';
import { SLOW_WORDS, STREAMS, type SlowStreams } from './slow-streams';
import {
  CONNECTIONS,
  medianP99,
  medianRate,
  WARM_UP_SECONDS,
  type LoadRound,
  type LoadRounds,
} from './throughput';

const SECTION = 'Gateway (SQLite)';

const LATENCY_ANCHOR = 'Bifrost (Go) +0.44 ms, Portkey OSS +2.37 ms, LiteLLM +4.34 ms';
const THROUGHPUT_ANCHOR = 'LiteLLM ~180 req/s max, Portkey 674 req/s at 16';
const P99_ANCHOR = 'Portkey +8.2 ms, LiteLLM +251 ms';
const OVERSPEND_ANCHOR = 'LiteLLM and Cloudflare admit bursts over budget';

const ms2: Format = (value) => `${value.toFixed(2)} ms`;
const signedMs: Format = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} ms`;
const units: Format = (value) => `${count(value)} units`;

export interface Measured {
  whole: Map<EndpointName, number[]>;
  firstByte: Map<EndpointName, number[]>;
  load: LoadRounds;
  overspend: Overspend;
  memory: SlowStreams;
}

const at = (times: Map<EndpointName, number[]>, name: EndpointName, p: number) =>
  percentile(times.get(name) ?? [], p);
const targetName = (name: EndpointName) =>
  name === 'proxy' ? 'bare proxy' : name === 'plain' ? 'simplest correct gateway' : name;
const added = (times: Map<EndpointName, number[]>, name: EndpointName, p: number) =>
  at(times, name, p) - at(times, 'direct', p);

function latencyFigures(whole: Measured['whole'], firstByte: Measured['firstByte']): Figure[] {
  const each = `${count(LATENCY.rounds * LATENCY.perRound)} chats to each`;
  const spread = (times: Measured['whole'], p: number) =>
    `upstream directly ${ms2(at(times, 'direct', p))}, through the bare proxy ${ms2(at(times, 'proxy', p))} (${signedMs(added(times, 'proxy', p))}), through the service ${ms2(at(times, 'service', p))}`;
  return [
    atMost(
      SECTION,
      'added latency, one request at a time, non-streamed, p50',
      added(whole, 'service', 50),
      1,
      ms2,
      { anchor: LATENCY_ANCHOR, note: `${spread(whole, 50)}; ${each}` },
    ),
    atMost(
      SECTION,
      'added latency, one request at a time, non-streamed, p99',
      added(whole, 'service', 99),
      3,
      ms2,
      { anchor: LATENCY_ANCHOR, note: spread(whole, 99) },
    ),
    atMost(
      SECTION,
      'time to first streamed byte, added, p50',
      added(firstByte, 'service', 50),
      1,
      ms2,
      {
        note: `${spread(firstByte, 50)}; at p99 ${signedMs(added(firstByte, 'service', 99))}; ${each}`,
      },
    ),
  ];
}

function loadFigures(load: LoadRounds): Figure[] {
  const service = medianRate(load, 'service');
  const plain = medianRate(load, 'plain');
  const proxy = medianRate(load, 'proxy');
  const ofPlain = load.map((round) => round.service.perSecond / round.plain.perSecond);
  const ofProxy = load.map((round) => round.service.perSecond / round.proxy.perSecond);
  const plainOfProxy = load.map((round) => round.plain.perSecond / round.proxy.perSecond);
  const p99Gaps = load.map((round) => round.service.p99 - round.proxy.p99);
  const rounds = (ratios: number[]) =>
    `median of ${ratios.length} rounds: ${ratios.map(ratio).join(', ')}`;
  return [
    info(SECTION, `non-streamed chats at ${CONNECTIONS} connections, service`, perSecond(service), {
      anchor: THROUGHPUT_ANCHOR,
    }),
    info(
      SECTION,
      `non-streamed chats at ${CONNECTIONS} connections, the simplest correct gateway: node:http, the key checked, the chat held and charged by two plain UPDATEs`,
      perSecond(plain),
      {
        note: 'bench/suites/gateway/plain-gateway.ts; its answers and charges matched the service’s',
      },
    ),
    atLeast(
      SECTION,
      `throughput at ${CONNECTIONS} connections, ratio service / simplest correct gateway`,
      median(ofPlain),
      1,
      ratio,
      { anchor: THROUGHPUT_ANCHOR, note: rounds(ofPlain) },
    ),
    info(
      SECTION,
      `non-streamed chats at ${CONNECTIONS} connections, bare node:http proxy`,
      perSecond(proxy),
      {
        note: `reference: the service makes ${ratio(median(ofProxy))} of its chats (${rounds(ofProxy)}), the simplest correct gateway ${ratio(median(plainOfProxy))}`,
      },
    ),
    atMost(
      SECTION,
      `p99 at ${CONNECTIONS} connections, over the bare proxy's`,
      median(p99Gaps),
      5,
      ms2,
      {
        anchor: P99_ANCHOR,
        note: `p99 service ${ms2(medianP99(load, 'service'))}, bare proxy ${ms2(medianP99(load, 'proxy'))} (medians); per round ${p99Gaps.map(signedMs).join(', ')}`,
      },
    ),
  ];
}

function memoryFigure(memory: SlowStreams): Figure {
  const growth = memory.peakKiB - memory.beforeKiB;
  const buffered = STREAMS - memory.streamed;
  const figure = atMost(
    SECTION,
    `${count(STREAMS)} concurrent slow streams: memory growth`,
    growth,
    100 * 1024,
    MiB,
    {
      note: [
        `resident ${MiB(memory.beforeKiB)} before, ${MiB(memory.peakKiB)} at most while all were open (${memory.samples} samples), ${((growth * 1024) / STREAMS / 1000).toFixed(1)} kB a stream`,
        buffered === 0
          ? `none buffered whole: every stream's first byte came at least ${SLOW_WORDS / 2} s before its end`
          : `${count(buffered)} BUFFERED WHOLE`,
        `${count(memory.completed)} of ${count(STREAMS)} ended with [DONE]; all open within ${memory.openSeconds.toFixed(1)} s`,
      ].join('; '),
    },
  );
  return { ...figure, met: figure.met === true && buffered === 0 };
}

function overspendFigures(overspend: Overspend): Figure[] {
  const { budget, used, remain, waves, admitted, refused, unexpected } = overspend;
  const over = Math.max(0, used - budget);
  const figure = atMost(SECTION, `overspend under ${WAVE} concurrent requests`, over, 0, units, {
    anchor: OVERSPEND_ANCHOR,
    note: [
      `budget ${units(budget)} (${BUDGET_REQUESTS} chats of ${units(CHAT_COST)}), used ${units(used)}, ${units(remain)} left`,
      `${waves} waves: ${count(admitted)} chats admitted, ${count(refused)} refused with 429 insufficient_quota`,
      unexpected.length === 0
        ? 'no other answer'
        : `${unexpected.length} OTHER ANSWERS: ${[...new Set(unexpected)].join(', ')}`,
    ].join('; '),
  });
  return [
    // Any answer but 200 or the budget's 429 fails it too: a 500 is not a refusal.
    { ...figure, met: figure.met === true && unexpected.length === 0 },
    info(
      SECTION,
      'budget spent before the key was refused',
      `${((used / budget) * 100).toFixed(1)}%`,
      {
        note: 'what the last held chats could not pay for is left: a chat is admitted only when the key can pay for its input and one token of output',
      },
    ),
  ];
}

export function figuresOf(measured: Measured): Figure[] {
  return [
    ...latencyFigures(measured.whole, measured.firstByte),
    ...loadFigures(measured.load),
    memoryFigure(measured.memory),
    ...overspendFigures(measured.overspend),
  ];
}

export function detailsOf(measured: Measured, seconds: number): string[] {
  const { rounds, perRound, warmUp } = LATENCY;
  const row = (r: LoadRound) =>
    `| ${targetName(r.target)} | ${perSecond(r.perSecond)} | ${ms2(r.p50)} | ${ms2(r.p99)} | ${count(r.ok)} | ${count(r.failed)} |`;
  const latencyRow = (label: string, times: Measured['whole'], name: EndpointName) =>
    `| ${label} | ${targetName(name)} | ${ms2(at(times, name, 50))} | ${ms2(at(times, name, 99))} |`;
  const names: EndpointName[] = ['direct', 'proxy', 'service'];
  return [
    `Four processes besides the bench: a fake OpenAI-compatible upstream (bench/suites/gateway/fake-upstream.ts: a chat completion of 432 bytes with its usage, or the same words as \`chat.completion.chunk\` events, each its own write, with a usage chunk when asked for), a bare \`node:http\` proxy forwarding each request to it over kept-alive connections and piping the answer back (bench/suites/gateway/bare-proxy.ts), the service (\`node dist-server/main.mjs\` on a fresh SQLite database) with a model pointing at the upstream (gpt-4o's prices) and limited keys, so that every chat is held and settled, and the simplest correct gateway on the service's database file (bench/suites/gateway/plain-gateway.ts: \`node:http\` and better-sqlite3, non-streamed text chats only, the key found by its digest and checked as a verify checks it, the chat's bound held by one conditional UPDATE and its usage charged by a second, each committed to the write-ahead log; before the rounds, 20 chats through it and through the service must get the same answers and charge the same units, and both must refuse a key without quota and an unknown one alike). Latency: ${count(rounds * perRound)} chats one at a time to each of the upstream, the bare proxy and the service over one kept-alive connection each, in ${rounds} rounds of ${perRound} taking turns after ${count(warmUp)} each to warm up; added latency is the service's percentile minus the upstream's. First byte: the same with \`stream: true\`, timed to the first byte of the body. Throughput: wrk on one thread, ${CONNECTIONS} connections, non-streamed chats going round four keys (bench/suites/gateway/post-chat.lua), the service, the simplest correct gateway and the bare proxy in turn, the order reversed every other round, ${seconds} s per round after ${WARM_UP_SECONDS} s of each; ratios and p99 gaps are medians of the rounds'. Memory: ${count(STREAMS)} streams through the service, each on a connection of its own, whose upstream sends a word a second for ${SLOW_WORDS} s; measured last, on the service started again on the same database and warmed up with 200 chats of each kind, so that its resident size (VmRSS) holds no garbage of the load and its pool no connections of it; it is read before and every 100 ms while all are open. Overspend: a key with a budget for ${BUDGET_REQUESTS} chats gets ${WAVE} at once (half streamed), wave after wave until a whole wave is refused; its used_quota, read once every settlement has landed, is compared with the budget.`,
    '',
    '| measure | target | p50 | p99 |',
    '| --- | --- | --- | --- |',
    ...names.map((name) => latencyRow('whole chat', measured.whole, name)),
    ...names.map((name) => latencyRow('first streamed byte', measured.firstByte, name)),
    '',
    '| target | chats/s | latency p50 | latency p99 | 200 | not 200 or failed |',
    '| --- | --- | --- | --- | --- | --- |',
    ...measured.load.flatMap((round) => [round.service, round.plain, round.proxy].map(row)),
  ];
}
