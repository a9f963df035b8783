import { Agent, request } from 'undici';
import { ANSWER_KEPT_BYTES } from '../../src/contract/webhook';
import { SERVICE_VERSION } from '../version';
import type { DeliveryJob } from '../store/webhook-job';
import type { AttemptResult } from '../store/webhook-record';
import { signatureHeaders } from './signature';
import { slackText, type QuotaWords } from './slack-text';
import { guardedLookup, literalRefusal } from './url-safety';

/** An attempt without an answer by then is a failure, retried later. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface SenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE: receivers on loopback and private addresses are allowed. */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** The service's clock, Unix seconds: the attempt's time and the signature's timestamp. */
  now: () => number;
}

/**
 * The secrets an attempt at `time` is signed with: the current one, then the one the last
 * rotation replaced while it still signs.
 */
const signingSecrets = (job: DeliveryJob, time: number): string[] =>
  job.previous && time < job.previous.valid_until
    ? [job.secret, job.previous.secret]
    : [job.secret];

/** The body a receiver gets, and its headers: signed JSON, or Slack's {"text"} unsigned. */
export function requestOf(
  job: DeliveryJob,
  timestamp: number,
  words: QuotaWords,
): { body: string; headers: Record<string, string> } {
  const common = {
    'content-type': 'application/json',
    'user-agent': `Tokendesk/${SERVICE_VERSION}`,
  };
  if (job.format === 'slack') {
    return { body: JSON.stringify({ text: slackText(job.event, words) }), headers: common };
  }
  const body = JSON.stringify(job.event);
  return {
    body,
    headers: {
      ...common,
      ...signatureHeaders(signingSecrets(job, timestamp), job.event.id, timestamp, body),
    },
  };
}

/** The first ANSWER_KEPT_BYTES of an answer; the rest is not read. */
async function keptAnswer(body: AsyncIterable<Uint8Array> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk));
    length += chunk.length;
    if (length >= ANSWER_KEPT_BYTES) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, ANSWER_KEPT_BYTES).toString('utf8');
}

/** Why an attempt got no answer, in words for the delivery log. */
function failureWords(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: string }).code;
  const name = (error as { name?: string }).name;
  if (
    name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND') return 'the host cannot be found';
  if (code === 'EPRIVATE') return (error as Error).message;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'EPRIVATE' && cause.message) return cause.message;
  return error instanceof Error && error.message ? error.message : String(error);
}

/**
 * Sends deliveries over a pool of kept-alive connections. Redirects are not followed (a 3xx is a
 * failure like any answer but a 2xx), the answer is read up to ANSWER_KEPT_BYTES, and every
 * connection goes through the address check unless private receivers are allowed.
 */
export class WebhookSender {
  private readonly agent: Agent;
  private readonly timeoutMs: number;

  constructor(private readonly options: SenderOptions) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      connect: { timeout: this.timeoutMs, lookup: guardedLookup(options.allowPrivate) },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  async send(job: DeliveryJob, words: QuotaWords): Promise<AttemptResult> {
    const time = this.options.now();
    const started = performance.now();
    const result = (fields: Pick<AttemptResult, 'status_code' | 'error' | 'answer'>) => ({
      delivery_id: job.delivery_id,
      endpoint_id: job.endpoint_id,
      time,
      duration_ms: Math.round(performance.now() - started),
      ...fields,
    });
    const url = new URL(job.url);
    const refused = literalRefusal(url, this.options.allowPrivate);
    if (refused) return result({ status_code: null, error: refused, answer: '' });
    const { body, headers } = requestOf(job, time, words);
    try {
      const answer = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await keptAnswer(answer.body);
      return result({ status_code: answer.statusCode, error: null, answer: text });
    } catch (error) {
      return result({ status_code: null, error: failureWords(error, this.timeoutMs), answer: '' });
    }
  }

  /** Ends every connection, cutting attempts still waiting: their leases run out, and they are sent again. */
  async close(): Promise<void> {
    await this.agent.destroy();
  }
}
