import type { GatewayModel } from '../store/ports/models';
import type { EndpointKind } from './charge';
import { countField } from './request-body';

/** The fields a client caps an answer's tokens with: the current one and the older one. */
const OUTPUT_CAPS = ['max_completion_tokens', 'max_tokens'];

/**
 * The body sent upstream: as the client sent it, but for the model's upstream name, the usage
 * chunk asked for, and, where a limited key pays for less output than was asked (or than the
 * model's max_output_tokens, when nothing was), the lower cap its hold pays for. A cap is not
 * added otherwise: it would cut answers short, and some models refuse `max_tokens`.
 */
export function upstreamBody(
  call: { kind: EndpointKind; body: Record<string, unknown> },
  model: GatewayModel,
  stream: boolean,
  maxOutputTokens: number | null,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...call.body, model: model.upstream_model };
  if (stream && model.stream_usage) {
    const options = call.body.stream_options;
    body.stream_options = {
      ...(typeof options === 'object' && options !== null ? options : {}),
      include_usage: true,
    };
  }
  if (maxOutputTokens === null || call.kind === 'embedding') return body;
  const sent = OUTPUT_CAPS.filter((field) => countField(call.body, field) !== null);
  if (sent.length === 0) {
    if (maxOutputTokens < model.max_output_tokens) body.max_tokens = maxOutputTokens;
    return body;
  }
  // Each cap the client sent that asks for more than the hold pays for, since upstreams differ
  // in which of the two they read.
  for (const field of sent) {
    if (Number(call.body[field]) > maxOutputTokens) body[field] = maxOutputTokens;
  }
  return body;
}
