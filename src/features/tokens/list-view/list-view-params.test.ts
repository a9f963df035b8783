import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  listParamsFromView,
  looksLikeKey,
  looksMasked,
  nextOrder,
  queryFromView,
  viewFromQuery,
} from './list-view-params';

const key = 'AbCd'.repeat(12);

describe('the list view in the address', () => {
  it('round-trips every part of the view', () => {
    const view = { page: 3, size: 50, search: 'prod', status: 2 as const, order: 'name' as const };
    expect(queryFromView(view)).toBe('?p=3&size=50&q=prod&status=2&order=name');
    expect(viewFromQuery(queryFromView(view))).toEqual(view);
  });

  it('leaves defaults out and ignores nonsense', () => {
    expect(queryFromView(DEFAULT_VIEW)).toBe('');
    expect(viewFromQuery('?p=-4&size=7&status=9&order=drop')).toEqual(DEFAULT_VIEW);
  });

  it('never writes a key into the address', () => {
    expect(queryFromView({ ...DEFAULT_VIEW, search: `sk-${key}` })).toBe('');
    expect(queryFromView({ ...DEFAULT_VIEW, search: key })).toBe('');
  });
});

describe('searching', () => {
  it('tells a pasted key from a name', () => {
    expect(looksLikeKey(`sk-${key}`)).toBe(true);
    expect(looksLikeKey(` ${key} `)).toBe(true);
    expect(looksLikeKey('Production backend')).toBe(false);
    expect(looksLikeKey('a'.repeat(47))).toBe(false);
  });

  it('knows a key copied as the list shows it, masked, from a name with stars in it', () => {
    expect(looksMasked('sk-abcd**********wxyz')).toBe(true);
    expect(looksMasked(' abcd****wxyz ')).toBe(true);
    expect(looksMasked(`sk-${key}`)).toBe(false);
    expect(looksMasked('prod*')).toBe(false);
    expect(looksMasked('** launch **')).toBe(false);
  });

  it('searches by key with or without sk-, otherwise by name', () => {
    expect(listParamsFromView({ ...DEFAULT_VIEW, search: `sk-${key}` })).toMatchObject({
      token: key,
      keyword: '',
    });
    expect(listParamsFromView({ ...DEFAULT_VIEW, search: key })).toMatchObject({
      token: key,
      keyword: '',
    });
    expect(listParamsFromView({ ...DEFAULT_VIEW, search: ' prod ' })).toMatchObject({
      token: '',
      keyword: 'prod',
    });
  });
});

describe('sorting by column', () => {
  it('starts names ascending and figures descending, then flips', () => {
    expect(nextOrder('-id', 'name')).toBe('name');
    expect(nextOrder('name', 'name')).toBe('-name');
    expect(nextOrder('-name', 'name')).toBe('name');
    expect(nextOrder('-id', 'used_quota')).toBe('-used_quota');
    expect(nextOrder('-used_quota', 'used_quota')).toBe('used_quota');
  });
});
