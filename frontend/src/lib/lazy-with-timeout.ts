import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';

/** A script chunk failed to load or did not arrive in time (spec §8: "chunk load error"). */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_FAILURE =
  /ChunkLoadError|Loading chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (error instanceof Error) return CHUNK_FAILURE.test(`${error.name}: ${error.message}`);
  return false;
}

/** Races a dynamic import against the chunk timeout; any failure becomes a ChunkLoadError. */
export function importWithTimeout<T>(importer: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`chunk not loaded after ${timeoutMs} ms`)),
      timeoutMs,
    );
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error), { cause: error }));
      },
    );
  });
}

/** React.lazy with the chunk timeout. */
export function lazyWithTimeout<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => importWithTimeout(importer, timeoutMs));
}
