import type { Model } from '../contract/model';

/** A model as the list answers it (key masked), with what a test cares about on top. */
export function sampleModel(fields: Partial<Model> & Pick<Model, 'id' | 'name'>): Model {
  return {
    upstream_url: 'https://api.example.com/v1',
    upstream_model: fields.name,
    upstream_key_masked: '',
    input_price: 1,
    output_price: 4,
    cached_input_price: fields.input_price ?? 1,
    max_output_tokens: 4_096,
    stream_usage: true,
    enabled: true,
    created_time: 1,
    updated_time: 1,
    ...fields,
  };
}
