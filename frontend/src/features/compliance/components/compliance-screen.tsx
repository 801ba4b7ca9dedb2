import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { ComplianceItem } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { ClientFilter, type GridColumn, ListView, defineList, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { formatDocument } from '@/lib/documents';
import { formatDateTime, money } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { getComplianceQueueQueryOptions } from '../api/get-compliance-queue';
import { complianceMessages as m } from '../messages';
import { ApprovePayoutDialog, RejectDialog } from './review-dialogs';

const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);

const SORTS = ['created_at', '-created_at', 'amount', '-amount'] as const;

/** admin/compliance: the review queue's URL state (oldest first, as reviewers work). */
export const complianceList = defineList({
  id: 'compliance',
  filters: { client: {} },
  period: true,
  sorts: SORTS,
  defaultSort: 'created_at',
  pageSizes: LIST_PAGE_SIZES,
});

function columns(intl: IntlShape, approve: (item: ComplianceItem) => void, reject: (item: ComplianceItem) => void): GridColumn<ComplianceItem>[] {
  const method = (value: string) => (value === 'ted' ? intl.formatMessage(m.ted) : value === 'pix' ? intl.formatMessage(m.pix) : value);
  return [
    { key: 'id', header: intl.formatMessage(m.id), priority: 2, mono: true, cell: (item) => item.id },
    { key: 'client', header: intl.formatMessage(m.client), priority: 1, card: 'title', cell: (item) => item.client.name },
    { key: 'beneficiary', header: intl.formatMessage(m.beneficiary), priority: 2, cell: (item) => `${item.beneficiary_name} (${formatDocument(item.beneficiary_document)})` },
    { key: 'method', header: intl.formatMessage(m.method), priority: 3, nowrap: true, cell: (item) => method(item.withdraw_method) },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, card: 'amount', numeric: true, sortField: 'amount', cell: (item) => money(item.amount, item.currency, intl.locale) },
    { key: 'created', header: intl.formatMessage(m.createdAt), priority: 2, card: 'date', nowrap: true, sortField: 'created_at', cell: (item) => when(item.created_at, intl.locale) },
    {
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      cell: (item) => (
        <HStack gap="2">
          <Button size="xs" colorPalette="green" aria-label={intl.formatMessage(m.approveLabel, { id: item.id })} onClick={() => approve(item)}>
            {intl.formatMessage(m.approve)}
          </Button>
          <Button size="xs" colorPalette="red" variant="outline" aria-label={intl.formatMessage(m.rejectLabel, { id: item.id })} onClick={() => reject(item)}>
            {intl.formatMessage(m.reject)}
          </Button>
        </HStack>
      ),
    },
  ];
}

/** admin/compliance ("Saques", KYC): the review queue across clients on the list kit; approve, or reject with a reason. */
export default function ComplianceScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(complianceList);
  const clients = useQuery(getStaffClientsQueryOptions());
  const client = typeof list.state.filters.client === 'string' ? list.state.filters.client : '';
  const queue = useQuery(
    getComplianceQueueQueryOptions({
      client: client || undefined,
      date_from: list.state.dateFrom || undefined,
      date_to: list.state.dateTo || undefined,
      sort: list.state.sort,
      per_page: list.state.perPage,
      cursor: list.state.cursor ?? undefined,
    }),
  );
  const [rejecting, setRejecting] = useState<ComplianceItem | null>(null);
  const [approving, setApproving] = useState<ComplianceItem | null>(null);

  const sortLabels: Record<(typeof SORTS)[number], string> = {
    created_at: intl.formatMessage(m.sortOldest),
    '-created_at': intl.formatMessage(m.sortNewest),
    amount: intl.formatMessage(m.sortAmountAsc),
    '-amount': intl.formatMessage(m.sortAmountDesc),
  };
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text fontWeight="semibold">{intl.formatMessage(m.queue)}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.queue)}
        columns={columns(intl, setApproving, setRejecting)}
        query={queue}
        rowKey={(item) => item.id}
        rowAttributes={(item) => ({ 'data-payout': item.id })}
        sortLabels={sortLabels}
        filters={<ClientFilter list={list} clients={clients.data} label={intl.formatMessage(m.client)} allLabel={intl.formatMessage(m.allClients)} />}
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(commonMessages.withdrawalsNotFound)}
      />
      {approving && <ApprovePayoutDialog item={approving} onClose={() => setApproving(null)} />}
      {rejecting && <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />}
      <AppToaster />
    </Stack>
  );
}
