import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/**
 * A value derived from the window's scroll offset; `select` keeps re-renders to changes of the
 * derived value (e.g. a threshold crossed), not every scrolled pixel.
 */
export function useScrollState<T extends boolean | number | string>(select: (scrollY: number) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(window.scrollY),
    () => select(0),
  );
}
