/** The invoices list on the list kit: month, client and status in the URL with the API's names. */
import type { InvoiceListQuery } from '@/api/types';
import { type ListState, defineList } from '@/components/kit';

export const STATUSES = ['open', 'closed'] as const;
type Status = (typeof STATUSES)[number];
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const invoicesList = defineList({
  id: 'invoices',
  filters: { month: { pattern: MONTH }, client: {}, status: { values: STATUSES } },
  sorts: ['client'] as const,
  defaultSort: 'client',
  pageSizes: [10, 25, 50, 100],
  defaultPerPage: 50,
});

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

export function invoicesQuery(state: ListState): InvoiceListQuery {
  return {
    month: text(state.filters.month),
    client: text(state.filters.client),
    status: text(state.filters.status) as Status | '',
    per_page: state.perPage,
    cursor: state.cursor,
  };
}

/** "YYYY-MM" of the current month and the eleven before it, newest first (the month filter's choices). */
export function recentMonths(now: Date = new Date(), count = 12): string[] {
  const months: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    months.push(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/** "2026-11" -> "November 2026" / "novembro de 2026". */
export function monthLabel(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(y, m - 1, 1));
}
