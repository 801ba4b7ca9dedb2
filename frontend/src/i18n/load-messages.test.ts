import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/testing/test-utils';

import { loadMessages } from './load-messages';

describe('translation loading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches the English catalog, retrying from 350 ms and doubling until it arrives', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(new Response('oops', { status: 503 }))
      .mockResolvedValueOnce(jsonResponse({ 'common.home': 'Home' }));
    vi.stubGlobal('fetch', fetchMock);

    const result = loadMessages('en');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(350);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(699);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ 'common.home': 'Home' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after 5 retries', async () => {
    const loader = vi.fn().mockRejectedValue(new Error('down'));
    const result = loadMessages('en', loader).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(350 + 700 + 1400 + 2800 + 5600);
    expect(await result).toEqual(new Error('down'));
    expect(loader).toHaveBeenCalledTimes(6);
  });

  it('has the default locale in the bundle (no request)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const messages = await loadMessages('pt-BR');
    expect(messages['common.tryAgainLater']).toBe('Por favor, tente novamente mais tarde');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
