import type { GatewayModel } from '../store/ports/models';
import { openAiFailure, upstreamFailure, type OpenAiFailure } from './openai-error';
import type { UpstreamAnswer } from './upstream-answer';

/** Enough of an upstream's error to pass its message on; the rest is not read. */
const ERROR_BYTES = 16_384;

/** The start of an answer's body, enough for a message or a small answer; the rest is left. */
export async function readSome(body: UpstreamAnswer['body']): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= ERROR_BYTES) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, ERROR_BYTES).toString('utf8');
}

function upstreamMessage(text: string): string | null {
  try {
    const value = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const error = value.error;
    const message = typeof error === 'string' ? error : (error?.message ?? value.message);
    return typeof message === 'string' && message.trim() !== '' ? message.trim() : null;
  } catch {
    return null;
  }
}

/**
 * An upstream's words never carry its key or address to the client: every trace of either is
 * cut out, the key whole or in part (providers echo "sk-abc***xyz").
 */
export function scrub(message: string, model: GatewayModel): string {
  let scrubbed = message;
  const key = model.upstream_key;
  if (key.length >= 8) {
    const pieces = [key, key.slice(0, 8), key.slice(-4)].filter((piece) => piece.length >= 4);
    for (const piece of pieces) scrubbed = scrubbed.split(piece).join('[redacted]');
  }
  const host = new URL(model.upstream_url).host;
  scrubbed = scrubbed
    .split(model.upstream_url)
    .join('the upstream')
    .split(host)
    .join('the upstream');
  return scrubbed.slice(0, 1_000);
}

/**
 * The client's answer to an upstream that refused the request. A refusal of the gateway's own
 * credentials, or a fault of the upstream, is the gateway's problem (502); a refusal of the
 * request itself (too long, a bad parameter) is passed on with the upstream's status and words.
 */
export async function upstreamRefusal(
  answer: UpstreamAnswer,
  model: GatewayModel,
): Promise<OpenAiFailure> {
  const message = upstreamMessage(await readSome(answer.body).catch(() => ''));
  const said = message ? `: ${scrub(message, model)}` : '';
  if (answer.status === 401 || answer.status === 403) {
    return upstreamFailure(
      502,
      `The upstream refused the gateway's credentials for this model (${answer.status}); its administrator must check the model's upstream key.`,
    );
  }
  if (answer.status >= 500 || answer.status < 400) {
    return upstreamFailure(502, `The upstream failed (${answer.status})${said}`);
  }
  if (answer.status === 429) {
    return openAiFailure(429, 'upstream_rate_limited', `The upstream is busy (429)${said}`);
  }
  return openAiFailure(
    answer.status,
    'upstream_refused',
    `The upstream refused the request${said}`,
  );
}
