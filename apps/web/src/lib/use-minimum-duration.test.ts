import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMinimumDuration } from './use-minimum-duration';

describe('useMinimumDuration', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds a short burst for the minimum, then lets go', () => {
    const { result, rerender } = renderHook(({ on }) => useMinimumDuration(on, 200), {
      initialProps: { on: true },
    });
    act(() => vi.advanceTimersByTime(50));
    rerender({ on: false });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(false);
  });

  it('lets go after a short burst followed at once by a long one', () => {
    const { result, rerender } = renderHook(({ on }) => useMinimumDuration(on, 200), {
      initialProps: { on: true },
    });
    act(() => vi.advanceTimersByTime(50));
    rerender({ on: false }); // short burst: held
    act(() => vi.advanceTimersByTime(10));
    rerender({ on: true }); // a second request clears the hold's timer
    act(() => vi.advanceTimersByTime(500));
    rerender({ on: false }); // long enough: nothing more to hold
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(false);
  });
});
