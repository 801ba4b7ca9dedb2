import { Button } from '@chakra-ui/react';
import type { IntlShape } from 'react-intl';

import type { Payout } from '@/api/types';
import type { GridColumn } from '@/components/kit';
import { money } from '@/lib/format';

import { when, withDigit } from '../lib/display';
import { labelOf, payoutMethodMessages, payoutsMessages as m } from '../messages';
import { PayoutStatusBadge } from './status-badge';

/**
 * A client's payouts (spec §2: account, agency, bank, withdraw method; amount, fee, status, dates).
 * Amount, fee and status never leave the screen; the bank details go first when it narrows.
 */
export function payoutColumns(intl: IntlShape, onOpen: (id: string) => void): GridColumn<Payout>[] {
  const method = (value: string) => {
    const label = labelOf(payoutMethodMessages, value);
    return typeof label === 'string' ? label : intl.formatMessage(label);
  };
  return [
    {
      key: 'id',
      header: intl.formatMessage(m.id),
      priority: 1,
      card: 'actions',
      cell: (row) => (
        <Button variant="plain" size="xs" px="0" fontFamily="mono" colorPalette="blue" color="colorPalette.fg" onClick={() => onOpen(row.id)} aria-label={intl.formatMessage(m.open, { id: row.id })}>
          {row.id}
        </Button>
      ),
    },
    { key: 'beneficiary', header: intl.formatMessage(m.beneficiary), priority: 2, cell: (row) => row.beneficiary_name },
    { key: 'account', header: intl.formatMessage(m.account), priority: 3, cell: (row) => (row.account ? withDigit(row.account, row.account_digit) : row.pix_key) },
    { key: 'agency', header: intl.formatMessage(m.agency), priority: 3, cell: (row) => withDigit(row.agency, row.agency_digit) },
    { key: 'bank', header: intl.formatMessage(m.bank), priority: 3, cell: (row) => (row.bank ? [row.bank.compe, row.bank.name].filter(Boolean).join(' ') : '') },
    { key: 'method', header: intl.formatMessage(m.method), priority: 2, nowrap: true, cell: (row) => method(row.withdraw_method) },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, card: 'amount', numeric: true, sortField: 'amount', cell: (row) => money(row.amount, row.currency, intl.locale) },
    { key: 'fee', header: intl.formatMessage(m.fee), priority: 1, numeric: true, cell: (row) => money(row.fee ?? 0, row.currency, intl.locale) },
    { key: 'status', header: intl.formatMessage(m.status), priority: 1, card: 'status', cell: (row) => <PayoutStatusBadge status={row.status} /> },
    { key: 'created', header: intl.formatMessage(m.createdAt), priority: 2, card: 'date', nowrap: true, sortField: 'created_at', cell: (row) => when(row.created_at, intl.locale) },
    { key: 'finished', header: intl.formatMessage(m.finishedAt), priority: 3, nowrap: true, cell: (row) => when(row.finished_at, intl.locale) },
  ];
}
