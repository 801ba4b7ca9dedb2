import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import { nextPageParams, previousPageParams, withoutPage } from '@/lib/cursor-pages';

import { type ListPatch, type ListSpec, type ListState, clearList, isFiltered, listApiQuery, readList, writeList } from './list-state';

/** Keys of an open detail (drawer) that leave the URL when the page changes. */
export type UseListOptions = { detailParam?: string };

/** A list's URL state and its changes (see list-state): what a list screen reads and hands to ListView. */
export function useList<S extends string>(spec: ListSpec<S>, { detailParam }: UseListOptions = {}): ListHandle<S> {
  const [params, setParams] = useSearchParams();
  // Handlers kept by a widget from an earlier render still start from the URL as it is now; a change
  // made before the screen renders again (a navigation may render later, in a transition) is kept too,
  // so a second change right after the first builds on it rather than on the render before both.
  const latest = useRef({ rendered: params, written: params });
  if (latest.current.rendered !== params) latest.current = { rendered: params, written: params };
  const current = () => latest.current.written;
  const state = readList(spec, params);
  const write = (next: URLSearchParams) => {
    latest.current.written = next;
    setParams(next);
  };
  const go = (next: URLSearchParams) => {
    if (detailParam) next.delete(detailParam);
    write(next);
  };
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(current());
    if (value === null) next.delete(key);
    else next.set(key, value);
    write(next);
  };
  return {
    spec,
    params,
    state,
    filtered: isFiltered(state),
    /** The API query: the list's filters plus q, period, sort, per_page and cursor. */
    query: listApiQuery(state),
    set: (patch) => go(writeList(spec, current(), typeof patch === 'function' ? patch(readList(spec, current())) : patch)),
    clear: () => go(clearList(spec, current())),
    next: (cursor: string) => go(nextPageParams(current(), cursor)),
    previous: () => go(previousPageParams(current())),
    first: () => go(withoutPage(current())),
    param: (key: string) => params.get(key),
    setParam,
  };
}


/** A change computed from the state now (bivariant, so a list of any sort fits `ListHandle`). */
type ListUpdater<S extends string> = { bivariance(state: ListState<S>): ListPatch<S> }['bivariance'];

/** What a list screen and the kit's controls use (methods, so a list of any sort fits `ListHandle`). */
export interface ListHandle<S extends string = string> {
  spec: ListSpec<S>;
  params: URLSearchParams;
  state: ListState<S>;
  filtered: boolean;
  query: ReturnType<typeof listApiQuery>;
  /** A change of filters, search, period, sort or size (or one computed from the state now): back to page one. */
  set(patch: ListPatch<S> | ListUpdater<S>): void;
  clear(): void;
  next(cursor: string): void;
  previous(): void;
  first(): void;
  param(key: string): string | null;
  setParam(key: string, value: string | null): void;
}
