import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TRANSLATION_RETRY } from '@/config/constants';

import { retryWithBackoff } from './retry';

describe('retry with backoff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('translation loader constants: 5 retries, from 350 ms, doubling', () => {
    expect(TRANSLATION_RETRY).toEqual({ retries: 5, initialDelayMs: 350, factor: 2 });
  });

  it('waits 350, 700, 1400, 2800, 5600 ms between attempts, then gives up', async () => {
    const task = vi.fn().mockRejectedValue(new Error('offline'));
    const result = retryWithBackoff(task, TRANSLATION_RETRY).catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    for (const [index, delay] of [350, 700, 1400, 2800, 5600].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(task).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(task).toHaveBeenCalledTimes(index + 2);
    }
    expect(await result).toEqual(new Error('offline'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(6);
  });

  it('resolves as soon as an attempt succeeds', async () => {
    const task = vi
      .fn()
      .mockRejectedValueOnce(new Error('1'))
      .mockRejectedValueOnce(new Error('2'))
      .mockResolvedValue('ok');
    const result = retryWithBackoff(task, TRANSLATION_RETRY);
    await vi.advanceTimersByTimeAsync(350 + 700);
    await expect(result).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(3);
  });
});
