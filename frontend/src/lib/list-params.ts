/**
 * The URL parameters the staff lists share (employee/transactions, the staff payout lists): sort, page
 * size and a period of ISO dates. Unknown values in a hand-edited URL fall back to the defaults.
 */
export const LIST_SORTS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_LIST_SORT = '-created_at';
const DEFAULT_LIST_PAGE_SIZE = 25;

export type ListSort = (typeof LIST_SORTS)[number];

/** `YYYY-MM-DD` when the value is a real date, else "". */
function isoDate(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
}

function readSort(params: URLSearchParams): ListSort {
  const sort = params.get('sort') ?? DEFAULT_LIST_SORT;
  return (LIST_SORTS as readonly string[]).includes(sort) ? (sort as ListSort) : DEFAULT_LIST_SORT;
}

function readPerPage(params: URLSearchParams): number {
  const perPage = Number(params.get('per_page') ?? DEFAULT_LIST_PAGE_SIZE);
  return (LIST_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_LIST_PAGE_SIZE;
}

/** Sort and page size into `next` (left out when they are the defaults). */
function writeSortAndPerPage(next: URLSearchParams, sort: ListSort, perPage: number): URLSearchParams {
  if (sort !== DEFAULT_LIST_SORT) next.set('sort', sort);
  if (perPage !== DEFAULT_LIST_PAGE_SIZE) next.set('per_page', String(perPage));
  return next;
}

/** The period (created from/until), free-text search, sort and page size every staff list filters by. */
export type ListBasics = { dateFrom: string; dateTo: string; q: string; sort: ListSort; perPage: number };

/** Their URL parameters (to clear before writing new ones). */
export const LIST_BASICS_KEYS = ['date_from', 'date_to', 'q', 'sort', 'per_page'] as const;

export function readListBasics(params: URLSearchParams): ListBasics {
  return {
    dateFrom: isoDate(params.get('date_from')),
    dateTo: isoDate(params.get('date_to')),
    q: (params.get('q') ?? '').trim(),
    sort: readSort(params),
    perPage: readPerPage(params),
  };
}

/** Them into `next`, after a list's own filters (empty values, the default sort and size left out). */
export function writeListBasics(next: URLSearchParams, f: ListBasics): URLSearchParams {
  if (f.dateFrom) next.set('date_from', f.dateFrom);
  if (f.dateTo) next.set('date_to', f.dateTo);
  if (f.q.trim()) next.set('q', f.q.trim());
  return writeSortAndPerPage(next, f.sort, f.perPage);
}

/** Their API parameters (the staff list endpoints' names), with the keyset cursor of the page shown. */
export function listBasicsQuery(f: ListBasics, cursor: string | null) {
  return { date_from: f.dateFrom || null, date_to: f.dateTo || null, q: f.q, sort: f.sort, per_page: f.perPage, cursor };
}

/** Whether a period's start is after its end (the filter forms refuse it). */
export function isReversedPeriod(from: string, to: string): boolean {
  return Boolean(from && to && from > to);
}
