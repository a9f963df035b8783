import { ECHO_BASE_URL } from '../gateway/echo-upstream';
import type { ModelPort } from '../store/ports/models';

/**
 * The demo's model: answered by the built-in echo upstream, so a key can be used end to end on a
 * machine with no network. Priced like a current large model, so a few requests show in a key's
 * quota. Added while the gateway has no model at all; afterwards it is an ordinary model.
 */
export async function addDemoModelIfNone(store: Pick<ModelPort, 'models' | 'createModel'>) {
  if ((await store.models()).length > 0) return false;
  const result = await store.createModel({
    name: 'demo-echo',
    upstream_url: ECHO_BASE_URL,
    input_price: 2.5,
    output_price: 10,
    cached_input_price: 1.25,
    max_output_tokens: 1_024,
    stream_usage: true,
    enabled: true,
  });
  return result.outcome === 'saved';
}
