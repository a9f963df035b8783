/**
 * How a gateway of your own charges a key through Tokendesk, one request at a time: hold what
 * the request could cost before it goes upstream, then settle what it did cost once the answer
 * is in. Tokendesk's own gateway (/v1, docs/gateway.md) does the same inside the service.
 *
 *   TOKENDESK_KEY=<an admin key with the gateway role> npm run example:hold-and-settle -- \
 *     --key sk-THE_TOKEN_KEY --model gpt-4o-mini --hold 5000 --cost 1830
 *
 * It holds --hold units with a request id of its own, takes the upstream to have answered with a
 * usage worth --cost units, settles that, and sends the same settlement again as a retry would:
 * the second changes nothing. TOKENDESK_URL defaults to http://127.0.0.1:3000.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    key: { type: 'string' },
    model: { type: 'string', default: 'gpt-4o-mini' },
    hold: { type: 'string', default: '5000' },
    cost: { type: 'string', default: '1830' },
  },
});
const tokendesk = (process.env.TOKENDESK_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const adminKey = process.env.TOKENDESK_KEY ?? '';
if (!values.key || adminKey === '') {
  console.error('usage: TOKENDESK_KEY=<admin key> hold-and-settle --key sk-… [--hold N --cost N]');
  process.exit(2);
}

/** A call to Tokendesk: its answers come in the envelope { success, message, data }. */
async function call<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(tokendesk + path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; message: string; data: T };
  if (!envelope.success) throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

const requestId = randomUUID();

// 1. Before the upstream is called: the key's checks and the hold, in one step.
const held = await call<{ valid: boolean; code: string; token_id: number; remain_quota: number }>(
  '/api/token/verify',
  { key: values.key, model: values.model, cost: Number(values.hold), request_id: requestId },
);
console.log(`verify: ${held.code}, ${held.remain_quota} units left while ${values.hold} are held`);
if (!held.valid) process.exit(1);

// 2. The upstream's answer (not called here) says in its usage what the request cost.
const usage = { prompt_tokens: 120, completion_tokens: 48 };

// 3. Settle: the real cost is charged and the rest of the hold given back.
const settlement = {
  token_id: held.token_id,
  quota: Number(values.cost),
  model: values.model,
  request_id: requestId,
  ...usage,
};
const settled = await call<{ charged: number; held: number; remain_quota: number }>(
  '/api/token/usage',
  settlement,
);
console.log(
  `usage: charged ${settled.charged}, gave back ${settled.held - settled.charged}, ${settled.remain_quota} units left`,
);

// 4. A retry of the same settlement (its answer was lost, say) charges nothing more.
const again = await call<{ duplicate: boolean; remain_quota: number }>(
  '/api/token/usage',
  settlement,
);
console.log(`usage again: duplicate ${again.duplicate}, ${again.remain_quota} units left`);
