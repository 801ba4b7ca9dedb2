import { Badge } from '@chakra-ui/react';
import type { IntlShape, MessageDescriptor } from 'react-intl';

import { defineList, labelsOf } from '@/components/kit';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { directDepositsMessages as m } from '../messages';

export const STATUSES = ['confirmed', 'paid_to_client', 'refunded'] as const;
export const SORTS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
const STATUS_MESSAGES = { confirmed: m.statusConfirmed, paid_to_client: m.statusPaid, refunded: m.statusRefunded };
const STATUS_PALETTE: Record<string, string> = { confirmed: 'blue', paid_to_client: 'green', refunded: 'gray' };

/** clients/direct_deposits: a client's direct deposits (filters, search and period in the URL). */
export const clientDirectList = defineList({
  id: 'direct-deposits',
  filters: { status: { values: STATUSES }, key: {} },
  period: true,
  search: true,
  sorts: SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

/** employee/direct_deposits: the same across clients, with the client filter. */
export const staffDirectList = defineList({
  id: 'staff-direct-deposits',
  filters: { status: { values: STATUSES }, client: {} },
  period: true,
  search: true,
  sorts: SORTS,
  defaultSort: '-created_at',
  pageSizes: LIST_PAGE_SIZES,
});

export function statusOptions(intl: IntlShape) {
  const labels = labelsOf(intl, STATUSES, STATUS_MESSAGES);
  return STATUSES.map((value) => ({ value, label: labels[value] }));
}

export function sortLabels(intl: IntlShape): Record<(typeof SORTS)[number], string> {
  return {
    '-created_at': intl.formatMessage(m.sortNewest),
    created_at: intl.formatMessage(m.sortOldest),
    '-amount': intl.formatMessage(m.sortLargest),
    amount: intl.formatMessage(m.sortSmallest),
  };
}

export function StatusBadge({ status, intl }: { status: string; intl: IntlShape }) {
  const known = (STATUS_MESSAGES as Partial<Record<string, MessageDescriptor>>)[status];
  return <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'}>{known ? intl.formatMessage(known) : status}</Badge>;
}

export const filterValue = (value: string | string[] | undefined) => (typeof value === 'string' && value ? value : undefined);

