import type { PayoutListQuery } from '@/api/types';
import { withoutPage } from '@/lib/cursor-pages';

export const PAYOUT_STATUSES = ['waiting', 'pending', 'approved', 'rejected', 'confirmed', 'canceled', 'reversed', 'paid_to_client'] as const;
export const PAYOUT_METHODS = ['pix', 'ted'] as const;
export const DETAIL_PARAM = 'payout';

export type PayoutFilters = { q: string; status: string; method: string };

export function readFilters(params: URLSearchParams): PayoutFilters {
  return { q: params.get('q') ?? '', status: params.get('status') ?? '', method: params.get('method') ?? '' };
}

/** New filters in the URL, back on the first page. */
export function writeFilters(params: URLSearchParams, filters: PayoutFilters): URLSearchParams {
  const next = withoutPage(params);
  for (const key of ['q', 'status', 'method'] as const) {
    const value = filters[key].trim();
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

export function hasActiveFilters(filters: PayoutFilters): boolean {
  return Boolean(filters.q || filters.status || filters.method);
}

/** The API query of the page shown; `kind` fixes the list to one kind (manual, transactional...). */
export function listQuery(filters: PayoutFilters, cursor: string | null, kind?: string): PayoutListQuery {
  return {
    q: filters.q || undefined,
    status: filters.status ? [filters.status] : undefined,
    method: filters.method ? [filters.method] : undefined,
    kind: kind ? [kind] : undefined,
    cursor: cursor ?? undefined,
  };
}
