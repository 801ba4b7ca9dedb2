import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ErrorBoundary } from '@/components/error-screens';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';
import { renderWithProviders } from '@/testing/test-utils';

import { browserLocation } from './api-client';
import { ChunkLoadError, importWithTimeout, isChunkLoadError, lazyWithTimeout } from './lazy-with-timeout';

describe('chunk loading', () => {
  afterEach(() => vi.useRealTimers());

  it('times out after 120000 ms with a chunk load error', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const pending = importWithTimeout(() => new Promise(() => undefined)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(ChunkLoadError);
  });

  it('resolves with the module when it arrives in time', async () => {
    await expect(importWithTimeout(() => Promise.resolve({ default: 1 }), 50)).resolves.toEqual({ default: 1 });
  });

  it('recognizes browser chunk failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('shows the chunk load error screen with a Reload action', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(browserLocation, 'reload').mockImplementation(() => undefined);
    const Broken = lazyWithTimeout<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderWithProviders(
      <ErrorBoundary>
        <Suspense fallback="loading">
          <Broken />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalled();
  });
});
