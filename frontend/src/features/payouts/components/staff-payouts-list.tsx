import { Button, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';

import type { Transaction, VisibleTenant } from '@/api/types';
import { ClientFilter, FilterSelect, type GridColumn, labelsOf, listSortMessages, ListView, useList } from '@/components/kit';
import { commonMessages } from '@/i18n/messages';
import { formatDocument } from '@/lib/documents';
import { money } from '@/lib/format';
import { LIST_SORTS } from '@/lib/list-params';

import { type StaffPayoutKind, getStaffPayoutsQueryOptions } from '../api/get-staff-payouts';
import { when } from '../lib/display';
import { DETAIL_PARAM, PAYOUT_STATUSES } from '../lib/filters';
import { staffListQuery, staffPayoutsList } from '../lib/staff-filters';
import { labelOf, payoutMethodMessages, payoutStatusMessages, payoutsMessages as m } from '../messages';
import { walletMessages as w } from '../wallet-messages';
import { PayoutDetailDrawer } from './payout-detail-drawer';
import { PayoutStatusBadge } from './status-badge';

const NONE = '—';

type Column = GridColumn<Transaction>;
type ColumnBuilder = (intl: IntlShape, onOpen: (id: string) => void) => Column;

/** The columns the lists can show; each kind picks its own (see `KINDS`). */
const COLUMNS = {
  id: (intl, onOpen) => ({
    key: 'id',
    header: intl.formatMessage(m.id),
    priority: 1,
    card: 'actions',
    cell: (row) => (
      <Button variant="plain" size="xs" px="0" fontFamily="mono" colorPalette="blue" color="colorPalette.fg" onClick={() => onOpen(row.id)} aria-label={intl.formatMessage(m.open, { id: row.id })}>
        {row.id}
      </Button>
    ),
  }),
  client: (intl) => ({ key: 'client', priority: 2, card: 'title', header: intl.formatMessage(m.client), cell: (row) => <TwoLines first={row.client_name} second={row.client} /> }),
  beneficiary: (intl) => ({
    key: 'beneficiary',
    priority: 2,
    header: intl.formatMessage(m.beneficiary),
    cell: (row) => <TwoLines first={row.name || NONE} second={row.document && formatDocument(row.document)} />,
  }),
  method: (intl) => ({
    key: 'method',
    priority: 3,
    header: intl.formatMessage(m.method),
    nowrap: true,
    cell: (row) => {
      const label = labelOf(payoutMethodMessages, row.method);
      return typeof label === 'string' ? label : intl.formatMessage(label);
    },
  }),
  amount: (intl) => ({ key: 'amount', priority: 1, card: 'amount', header: intl.formatMessage(m.amount), sortField: 'amount', numeric: true, cell: (row) => money(row.amount, row.currency, intl.locale) }),
  currency: (intl) => ({ key: 'currency', priority: 3, header: intl.formatMessage(w.colCurrency), cell: (row) => row.currency }),
  destination: (intl) => ({ key: 'destination', priority: 2, header: intl.formatMessage(w.colDestination), cell: (row) => <TwoLines first={row.bank_name || NONE} second={row.destination} /> }),
  status: (intl) => ({ key: 'status', priority: 1, card: 'status', header: intl.formatMessage(m.status), cell: (row) => <PayoutStatusBadge status={row.status} /> }),
  transactionId: (intl) => ({ key: 'transaction_id', priority: 3, header: intl.formatMessage(m.transactionId), mono: true, cell: (row) => row.transaction_id || NONE }),
  created: (intl) => ({ key: 'created', priority: 2, card: 'date', header: intl.formatMessage(m.createdAt), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) }),
  requested: (intl) => ({ key: 'created', priority: 2, card: 'date', header: intl.formatMessage(w.colCreated), sortField: 'created_at', nowrap: true, cell: (row) => when(row.created_at, intl.locale) }),
  updated: (intl) => ({ key: 'updated', priority: 3, header: intl.formatMessage(w.colUpdated), nowrap: true, cell: (row) => when(row.updated_at, intl.locale) || NONE }),
} satisfies Record<string, ColumnBuilder>;

/** What differs between the lists of each payout kind: their texts and columns. */
const KINDS: Record<StaffPayoutKind, { caption: MessageDescriptor; filters: MessageDescriptor; search: MessageDescriptor; searchHint: MessageDescriptor; dateFrom: MessageDescriptor; dateTo: MessageDescriptor; loadError: MessageDescriptor; columns: ColumnBuilder[] }> = {
  all: {
    caption: m.staffList,
    filters: m.filters,
    search: m.search,
    searchHint: m.staffSearchHint,
    dateFrom: m.dateFrom,
    dateTo: m.dateTo,
    loadError: m.loadError,
    columns: [COLUMNS.id, COLUMNS.client, COLUMNS.beneficiary, COLUMNS.method, COLUMNS.amount, COLUMNS.status, COLUMNS.transactionId, COLUMNS.created],
  },
  wallet: {
    caption: w.table,
    filters: w.filters,
    search: w.search,
    searchHint: w.searchHint,
    dateFrom: w.dateFrom,
    dateTo: w.dateTo,
    loadError: w.loadError,
    columns: [COLUMNS.id, COLUMNS.client, COLUMNS.amount, COLUMNS.currency, COLUMNS.destination, COLUMNS.status, COLUMNS.requested, COLUMNS.updated],
  },
};

type Props = {
  /** Which payouts: every kind (the payout requests screens) or the wallet withdraws. */
  kind: StaffPayoutKind;
  /** The clients the staff member may see (for the client filter); loading while undefined. */
  clients: VisibleTenant[] | undefined;
};

/**
 * The payouts of every client the staff member may see (already scoped by the server), with filters,
 * sort, page size and the keyset page in the URL, and the detail of one withdraw (?payout=<id>,
 * read-only for staff).
 */
export function StaffPayoutsList({ kind, clients }: Props) {
  const intl = useIntl();
  const texts = KINDS[kind];
  const list = useList(staffPayoutsList, { detailParam: DETAIL_PARAM });
  const query = useQuery(getStaffPayoutsQueryOptions(kind, staffListQuery(list.state)));
  const open = (id: string | null) => list.setParam(DETAIL_PARAM, id);
  return (
    <Stack gap="4">
      <ListView
        list={list}
        caption={intl.formatMessage(texts.caption)}
        columns={texts.columns.map((column) => column(intl, open))}
        query={query}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-payout': row.id })}
        sortLabels={labelsOf(intl, LIST_SORTS, listSortMessages)}
        search={{ label: intl.formatMessage(texts.search), hint: intl.formatMessage(texts.searchHint) }}
        filters={
          <>
            <FilterSelect
              list={list}
              name="status"
              label={intl.formatMessage(m.status)}
              allLabel={intl.formatMessage(m.allStatuses)}
              options={PAYOUT_STATUSES.map((value) => ({ value, label: intl.formatMessage(payoutStatusMessages[value]) }))}
            />
            <ClientFilter list={list} clients={clients} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClientsOption)} />
          </>
        }
        errorTitle={intl.formatMessage(texts.loadError)}
        emptyTitle={intl.formatMessage(commonMessages.withdrawalsNotFound)}
      />
      <PayoutDetailDrawer id={list.param(DETAIL_PARAM)} canCancel={false} onClose={() => open(null)} />
    </Stack>
  );
}

function TwoLines({ first, second }: { first: string; second?: string }) {
  return (
    <>
      <Text>{first}</Text>
      {second && (
        <Text color="fg.muted" fontSize="xs">
          {second}
        </Text>
      )}
    </>
  );
}
