/** admin/volume on the list kit: period (São Paulo days), currency, client and sort in the URL. */
import type { VolumeQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';

export const CURRENCIES = ['BRL', 'USD'] as const;
export const METHODS = ['billet', 'card', 'wire', 'pix'] as const;

/** The columns the API sorts by (each ascending or, with `-`, descending). */
export const SORT_FIELDS = ['client', 'deposits_amount', ...METHODS.map((method) => `${method}_amount` as const), 'payouts_amount', 'fees', 'balance'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORTS = SORT_FIELDS.flatMap((field) => [`-${field}`, field] as const) as readonly (SortField | `-${SortField}`)[];
export type Sort = (typeof SORTS)[number];

export const volumeList = defineList<Sort>({
  id: 'volume',
  period: true,
  filters: { currency: { values: CURRENCIES }, client: {} },
  sorts: SORTS,
  defaultSort: '-deposits_amount',
  pageSizes: [500],
  defaultPerPage: 500,
});

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** The API's query (and the export's filters): the period's days as `from`/`to`, only what is set. */
export function volumeQuery(state: ListState<Sort>): VolumeQuery {
  const query: VolumeQuery = { sort: state.sort };
  if (state.dateFrom) query.from = state.dateFrom;
  if (state.dateTo) query.to = state.dateTo;
  const currency = text(state.filters.currency);
  if (currency) query.currency = currency as 'BRL' | 'USD';
  const client = text(state.filters.client);
  if (client) query.client = client;
  return query;
}
