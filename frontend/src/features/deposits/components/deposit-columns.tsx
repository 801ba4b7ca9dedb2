import { Button, Text } from '@chakra-ui/react';
import type { IntlShape } from 'react-intl';

import type { DepositListItem } from '@/api/types';
import type { GridColumn } from '@/components/kit';
import { RowActionButton } from '@/components/row-action-button';
import { formatDocument } from '@/lib/documents';
import { money } from '@/lib/format';

import { dateTime, day } from '../lib/display';
import { depositsMessages as m, labelOf, methodMessages } from '../messages';
import { StatusBadge } from './status-badge';
import { isRefundable } from '../lib/refund-action';

const NONE = '—';

/** The deposit list's columns (spec §2) with their priorities; `open` shows a deposit's detail. */
export function depositColumns(intl: IntlShape, open: (id: string) => void, onRefund?: (deposit: DepositListItem) => void): GridColumn<DepositListItem>[] {
  const method = (value: string) => {
    const label = labelOf(methodMessages, value);
    return typeof label === 'string' ? label : intl.formatMessage(label);
  };
  const refund: GridColumn<DepositListItem>[] = onRefund
    ? [
        {
          key: 'refund',
          header: intl.formatMessage(m.colActions),
          priority: 1,
          cell: (row) => isRefundable(row) && <RowActionButton action={m.refund} label={m.refundLabel} values={{ id: row.id }} colorPalette="red" onClick={() => onRefund(row)} />,
        },
      ]
    : [];
  return [
    {
      key: 'id',
      header: intl.formatMessage(m.colId),
      priority: 1,
      card: 'actions',
      cell: (row) => (
        <Button variant="plain" size="xs" px="0" fontFamily="mono" colorPalette="blue" color="colorPalette.fg" aria-label={intl.formatMessage(m.viewDetails, { id: row.id })} onClick={() => open(row.id)}>
          {row.id}
        </Button>
      ),
    },
    { key: 'type', header: intl.formatMessage(m.colType), priority: 2, nowrap: true, cell: (row) => method(row.method) },
    { key: 'status', header: intl.formatMessage(m.colStatus), priority: 1, card: 'status', cell: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'payer',
      header: intl.formatMessage(m.colPayer),
      priority: 2,
      cell: (row) => (
        <>
          <Text>{row.payer_name}</Text>
          <Text color="fg.muted" fontSize="xs" whiteSpace="nowrap">
            {formatDocument(row.payer_document)}
          </Text>
        </>
      ),
    },
    { key: 'coin', header: intl.formatMessage(m.colCoin), priority: 3, cell: (row) => row.currency },
    { key: 'amount', header: intl.formatMessage(m.colAmount), priority: 1, card: 'amount', sortField: 'amount', numeric: true, cell: (row) => money(row.amount, row.currency, intl.locale) },
    { key: 'fee', header: intl.formatMessage(m.colFee), priority: 1, numeric: true, cell: (row) => money(row.fee, row.currency, intl.locale) },
    { key: 'due', header: intl.formatMessage(m.colDueDate), priority: 3, sortField: 'due_date', nowrap: true, cell: (row) => (row.due_date ? day(row.due_date, intl.locale) : NONE) },
    { key: 'reference', header: intl.formatMessage(m.colTransactionId), priority: 3, mono: true, cell: (row) => row.provider_reference || NONE },
    { key: 'created', header: intl.formatMessage(m.colCreated), priority: 2, card: 'date', sortField: 'created_at', nowrap: true, cell: (row) => dateTime(row.created_at, intl.locale) },
    ...refund,
  ];
}
