/** The settlements list on the list kit: filters in the URL with the API's parameter names. */
import type { SettlementListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';

export const METHODS = ['billet', 'pix', 'card', 'wire'] as const;
export const CURRENCIES = ['BRL', 'USD'] as const;
type Method = (typeof METHODS)[number];
type Currency = (typeof CURRENCIES)[number];

export const settlementsList = defineList({
  id: 'settlements',
  filters: { method: { values: METHODS }, currency: { values: CURRENCIES } },
  period: true,
  sorts: ['-date'] as const,
  defaultSort: '-date',
  pageSizes: [10, 25, 50, 100],
});

const one = <T extends string>(value: string | string[] | undefined) => (typeof value === 'string' && value ? [value as T] : []);

export function settlementsQuery(state: ListState): SettlementListQuery {
  return {
    method: one<Method>(state.filters.method),
    currency: one<Currency>(state.filters.currency),
    date_from: state.dateFrom || null,
    date_to: state.dateTo || null,
    per_page: state.perPage,
    cursor: state.cursor,
  };
}
