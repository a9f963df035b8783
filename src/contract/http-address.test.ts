import { describe, expect, it } from 'vitest';
import { modelCreateSchema } from './model';
import { isWebhookUrl } from './webhook';

const upstreamRefusal = (upstream_url: string) =>
  modelCreateSchema
    .safeParse({ name: 'gpt-4o', upstream_url })
    .error?.issues.find((issue) => issue.path[0] === 'upstream_url')?.message;

describe('addresses a person types', () => {
  it('takes a receiver with a query, but not one with a fragment, a user or another scheme', () => {
    expect(isWebhookUrl('https://hooks.example.com/in?channel=ops')).toBe(true);
    expect(isWebhookUrl('http://127.0.0.1:9000/hook')).toBe(true);
    expect(isWebhookUrl('https://hooks.example.com/in#top')).toBe(false);
    expect(isWebhookUrl('https://bot:secret@hooks.example.com/in')).toBe(false);
    expect(isWebhookUrl('ftp://hooks.example.com/in')).toBe(false);
    expect(isWebhookUrl('hooks.example.com/in')).toBe(false);
  });

  it('takes an upstream base address without a query, a fragment or a user', () => {
    expect(upstreamRefusal('https://api.openai.com/v1')).toBeUndefined();
    for (const address of [
      'https://api.openai.com/v1?x=1',
      'https://api.openai.com/v1#x',
      'https://me:key@api.openai.com/v1',
      'file:///etc/passwd',
    ]) {
      expect(upstreamRefusal(address)).toMatch(/^upstream_url must be an http or https address/);
    }
  });
});
