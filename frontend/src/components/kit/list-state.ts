/**
 * A list screen's state kept in the URL (search parameters named as the API's): its own filters, the
 * free-text search, a period (every money list has one), sort, page size and the keyset page. Back and
 * forward, reload and a shared link restore it; values the API would refuse fall back to the defaults.
 */
import { BACK_PARAM, CURSOR_PARAM, readCursorPage, withoutPage } from '@/lib/cursor-pages';

export type ListSpec<S extends string = string> = {
  /** Names the list (column choice is remembered under it). */
  id: string;
  /** The list's own filters: URL key -> allowed values (empty: any text). Multi-valued when `multi`. */
  filters?: Record<string, { values?: readonly string[]; multi?: boolean; pattern?: RegExp }>;
  /** A period filter (date_from, date_to): on every money list. */
  period?: boolean;
  /** Free-text search (`q`). */
  search?: boolean;
  sorts: readonly S[];
  defaultSort: S;
  pageSizes?: readonly number[];
  defaultPerPage?: number;
};

export const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A list's spec, checked once where the screen is defined. */
export function defineList<S extends string>(spec: ListSpec<S>): ListSpec<S> {
  if (!spec.sorts.includes(spec.defaultSort)) throw new Error(`${spec.id}: default sort ${spec.defaultSort} is not a sort`);
  return spec;
}

export type ListState<S extends string = string> = {
  /** Single filters as a string ("" when unset), multi filters as arrays. */
  filters: Record<string, string | string[]>;
  q: string;
  dateFrom: string;
  dateTo: string;
  sort: S;
  perPage: number;
  cursor: string | null;
  /** 1-based number of the page shown. */
  page: number;
};

function pageSizes(spec: ListSpec): readonly number[] {
  return spec.pageSizes ?? DEFAULT_PAGE_SIZES;
}

function defaultPerPage(spec: ListSpec): number {
  return spec.defaultPerPage ?? 25;
}

function isoDate(value: string | null): string {
  return value && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
}

export function readList<S extends string>(spec: ListSpec<S>, params: URLSearchParams): ListState<S> {
  const filters: Record<string, string | string[]> = {};
  for (const [key, filter] of Object.entries(spec.filters ?? {})) {
    const ok = (value: string) => Boolean(value) && (!filter.values || filter.values.includes(value)) && (!filter.pattern || filter.pattern.test(value));
    if (filter.multi) filters[key] = [...new Set(params.getAll(key).filter(ok))];
    else {
      const value = (params.get(key) ?? '').trim();
      filters[key] = ok(value) ? value : '';
    }
  }
  const sort = params.get('sort') ?? spec.defaultSort;
  const perPage = Number(params.get('per_page') ?? defaultPerPage(spec));
  const page = readCursorPage(params);
  return {
    filters,
    q: spec.search ? (params.get('q') ?? '').trim() : '',
    dateFrom: spec.period ? isoDate(params.get('date_from')) : '',
    dateTo: spec.period ? isoDate(params.get('date_to')) : '',
    sort: spec.sorts.includes(sort as S) ? (sort as S) : spec.defaultSort,
    perPage: pageSizes(spec).includes(perPage) ? perPage : defaultPerPage(spec),
    cursor: page.cursor,
    page: page.number,
  };
}

/** The keys a list owns in the URL (others, like an open drawer's, are kept on change). */
function ownKeys(spec: ListSpec): string[] {
  return [...Object.keys(spec.filters ?? {}), 'q', 'date_from', 'date_to', 'sort', 'per_page', CURSOR_PARAM, BACK_PARAM];
}

export type ListPatch<S extends string = string> = Partial<Omit<ListState<S>, 'cursor' | 'page'>>;

/**
 * The URL after a change of filters, search, period, sort or page size: back on the first page,
 * defaults left out, parameters the list does not own (an open detail) kept.
 */
export function writeList<S extends string>(spec: ListSpec<S>, params: URLSearchParams, patch: ListPatch<S>): URLSearchParams {
  const state = { ...readList(spec, params), ...patch, filters: { ...readList(spec, params).filters, ...patch.filters } };
  const next = withoutPage(params);
  for (const key of ownKeys(spec)) next.delete(key);
  for (const [key, value] of Object.entries(state.filters)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item) next.append(key, item);
  }
  if (state.q.trim()) next.set('q', state.q.trim());
  if (state.dateFrom) next.set('date_from', state.dateFrom);
  if (state.dateTo) next.set('date_to', state.dateTo);
  if (state.sort !== spec.defaultSort) next.set('sort', state.sort);
  if (state.perPage !== defaultPerPage(spec)) next.set('per_page', String(state.perPage));
  return next;
}

/** The URL with every filter, the search and the period cleared (sort and page size kept). */
export function clearList<S extends string>(spec: ListSpec<S>, params: URLSearchParams): URLSearchParams {
  const { sort, perPage } = readList(spec, params);
  const next = withoutPage(params);
  for (const key of ownKeys(spec)) next.delete(key);
  return writeList(spec, next, { sort, perPage });
}

/** Whether the set is narrowed (sort and page size do not count): picks the empty state's text. */
export function isFiltered(state: ListState): boolean {
  return Boolean(state.q || state.dateFrom || state.dateTo) || Object.values(state.filters).some((value) => value.length > 0);
}

/** The API query of a list's state: its filters by their URL names plus the shared ones. */
export function listApiQuery(state: ListState): Record<string, string | string[] | number | null> {
  const query: Record<string, string | string[] | number | null> = {};
  for (const [key, value] of Object.entries(state.filters)) query[key] = Array.isArray(value) ? value : value || null;
  return { ...query, q: state.q, date_from: state.dateFrom || null, date_to: state.dateTo || null, sort: state.sort, per_page: state.perPage, cursor: state.cursor };
}

export type PageRange = { from: number; to: number; total: number | null };

/**
 * "1–25 of 152": the positions of the rows shown on keyset page `page` (pages before it are full),
 * and the filtered set's size when the screen knows it.
 */
export function pageRange(page: number, perPage: number, rowsShown: number, total?: number | null): PageRange {
  const from = rowsShown === 0 ? 0 : (page - 1) * perPage + 1;
  return { from, to: rowsShown === 0 ? 0 : from + rowsShown - 1, total: total ?? null };
}
