// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSlow } from './use-slow';

describe('useSlow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns true only once the wait has lasted, and false as soon as it ends', () => {
    const { result, rerender } = renderHook(({ waiting }) => useSlow(waiting, 2_000), {
      initialProps: { waiting: true },
    });
    act(() => vi.advanceTimersByTime(1_999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ waiting: false });
    expect(result.current).toBe(false);
  });

  it('starts afresh for the next wait', () => {
    const { result, rerender } = renderHook(({ waiting }) => useSlow(waiting, 2_000), {
      initialProps: { waiting: true },
    });
    act(() => vi.advanceTimersByTime(2_000));
    rerender({ waiting: false });
    rerender({ waiting: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current).toBe(true);
  });
});
