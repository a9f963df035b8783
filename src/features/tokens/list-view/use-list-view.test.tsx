// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useListView } from './use-list-view';

const first = 'AbCd'.repeat(12);
const second = 'WxYz'.repeat(12);

/** Steps through the tab's history the way the browser's Back button does. */
const back = () =>
  act(async () => {
    const moved = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    window.history.back();
    await moved;
  });

describe('the list view in the history', () => {
  it('keeps each pasted key with its own entry and never in the address', async () => {
    window.history.replaceState(null, '', '/?status=1');
    const { result } = renderHook(() => useListView());
    const setView = (...args: Parameters<(typeof result.current)[1]>) =>
      act(() => result.current[1](...args));

    setView({ search: `sk-${first}`, page: 1 }, true);
    expect(result.current[0]).toMatchObject({ search: `sk-${first}`, status: 1 });
    setView({ search: second, page: 1 }, true);
    expect(result.current[0]).toMatchObject({ search: second, status: 1 });
    setView({ status: 2 });
    expect(window.location.search).toBe('?status=2');

    await back();
    expect(result.current[0]).toMatchObject({ search: second, status: 1 });
    expect(window.location.search).toBe('?status=1');
    expect(window.location.href).not.toContain(first);
    expect(window.location.href).not.toContain(second);
  });

  it('writes a name search to the address and reads it back after a reload', () => {
    window.history.replaceState(null, '', '/');
    const opened = renderHook(() => useListView());
    act(() => opened.result.current[1]({ search: 'prod', page: 1 }, true));
    expect(window.location.search).toBe('?q=prod');
    const reloaded = renderHook(() => useListView());
    expect(reloaded.result.current[0].search).toBe('prod');
  });
});

describe('the list view beside other parameters', () => {
  it('keeps the open details and the screen when the list changes', () => {
    window.history.replaceState(null, '', '/?details=7&view=usage&p=2');
    const { result } = renderHook(() => useListView());
    act(() => result.current[1]({ status: 1, page: 1 }));
    const params = new URLSearchParams(window.location.search);
    expect(params.get('details')).toBe('7');
    expect(params.get('view')).toBe('usage');
    expect(params.get('status')).toBe('1');
    expect(params.has('p')).toBe(false);
  });
});
