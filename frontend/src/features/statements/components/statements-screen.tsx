import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { Adjustment, StatementLine } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { ClientFilter, DataGrid, FilterSelect, type GridColumn, ListView, defineList, useList } from '@/components/kit';
import { SummaryList } from '@/components/kit/summary-list';
import { RouteHeader } from '@/components/route-header';
import { paths } from '@/config/paths';
import { useCanWrite } from '@/lib/auth/session';
import { formatDateTime, money } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { getAccountsQueryOptions, getAdjustmentsQueryOptions, getStatementQueryOptions } from '../api/statements';
import { describeAccount, describeEntry } from '../lib/describe';
import { statementMessages as m } from '../messages';
import { ConfirmAdjustmentDialog, ProposeAdjustmentDialog, RejectAdjustmentDialog, directionText } from './adjustment-dialogs';

/** The statement's URL: owner (a client's slug or `platform`), account code, period, page. */
export const statementList = defineList({
  id: 'statements',
  filters: { client: {}, account: {} },
  period: true,
  sorts: ['posted_at'] as const,
  defaultSort: 'posted_at',
  pageSizes: LIST_PAGE_SIZES,
  defaultPerPage: 50,
});

const when = (iso: string, intl: IntlShape) => formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale);

function signed(cents: number, currency: string, locale: string): string {
  return cents > 0 ? `+${money(cents, currency, locale)}` : money(cents, currency, locale);
}

/** Entries of a paid deposit: its reference opens the deposit's receipt (staff view of the client). */
const RECEIPT_ENTRIES = new Set(['deposit_confirmed', 'deposit_settled']);

function reference(line: StatementLine, client: string, intl: IntlShape): ReactNode {
  if (!line.reference) return '—';
  if (!client || client === 'platform' || !RECEIPT_ENTRIES.has(line.kind) || !line.reference.startsWith('dep_')) return line.reference;
  return (
    <Link asChild>
      <RouterLink to={paths.depositReceipt.getHref(line.reference, client)} title={intl.formatMessage(m.openReceipt)}>
        {line.reference}
      </RouterLink>
    </Link>
  );
}

function lineColumns(intl: IntlShape, currency: string, client: string): GridColumn<StatementLine>[] {
  return [
    { key: 'date', header: intl.formatMessage(m.colDate), priority: 1, card: 'date', nowrap: true, cell: (line) => when(line.posted_at, intl) },
    {
      key: 'description',
      header: intl.formatMessage(m.colDescription),
      priority: 1,
      card: 'title',
      cell: (line) => (
        <Stack gap="0">
          <Text>{describeEntry(line.kind, intl)}</Text>
          {line.memo && (
            <Text fontSize="xs" color="fg.muted">
              {line.memo}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'reference', header: intl.formatMessage(m.colReference), priority: 2, mono: true, cell: (line) => reference(line, client, intl) },
    {
      key: 'amount',
      header: intl.formatMessage(m.colAmount),
      priority: 1,
      numeric: true,
      nowrap: true,
      cell: (line) => <Text color={line.amount < 0 ? 'fg.error' : 'fg.success'}>{signed(line.amount, currency, intl.locale)}</Text>,
    },
    { key: 'balance', header: intl.formatMessage(m.colBalance), priority: 1, numeric: true, nowrap: true, cell: (line) => money(line.balance, currency, intl.locale) },
  ];
}

function adjustmentColumns(intl: IntlShape, actions: (item: Adjustment) => ReactNode): GridColumn<Adjustment>[] {
  return [
    { key: 'client', header: intl.formatMessage(m.client), priority: 1, card: 'title', cell: (item) => item.client.name },
    {
      key: 'direction',
      header: intl.formatMessage(m.direction),
      priority: 1,
      nowrap: true,
      cell: (item) => <Badge colorPalette={item.direction === 'credit' ? 'green' : 'red'}>{directionText(item, intl)}</Badge>,
    },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, numeric: true, nowrap: true, cell: (item) => money(item.amount, item.currency, intl.locale) },
    { key: 'reason', header: intl.formatMessage(m.reason), priority: 2, cell: (item) => item.reason },
    { key: 'author', header: intl.formatMessage(m.author), priority: 3, cell: (item) => item.proposed_by.email },
    { key: 'created', header: intl.formatMessage(m.createdAt), priority: 2, card: 'date', nowrap: true, cell: (item) => when(item.created_at, intl) },
    { key: 'actions', header: intl.formatMessage(m.actions), priority: 1, card: 'actions', cell: actions },
  ];
}

type Open = { item: Adjustment; action: 'confirm' | 'reject' } | null;

/** External credits and debits waiting for a second staff member: confirm (posts) or reject (a reason). */
function PendingAdjustments({ route }: { route: string }) {
  const intl = useIntl();
  const canWrite = useCanWrite(route);
  const [proposing, setProposing] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const pending = useQuery(getAdjustmentsQueryOptions({ status: 'proposed', per_page: 100 }));
  const actions = (item: Adjustment) =>
    canWrite ? (
      <HStack gap="2">
        <Button size="xs" colorPalette="blue" aria-label={intl.formatMessage(m.confirmLabel, { id: item.id })} onClick={() => setOpen({ item, action: 'confirm' })}>
          {intl.formatMessage(m.confirm)}
        </Button>
        <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.rejectLabel, { id: item.id })} onClick={() => setOpen({ item, action: 'reject' })}>
          {intl.formatMessage(m.reject)}
        </Button>
      </HStack>
    ) : null;
  const title = intl.formatMessage(m.adjustments);
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0">
          <Text fontWeight="semibold">{title}</Text>
          <Text fontSize="sm" color="fg.muted">
            {intl.formatMessage(m.adjustmentsHint)}
          </Text>
        </Stack>
        {canWrite && (
          <Button size="sm" colorPalette="blue" onClick={() => setProposing(true)}>
            {intl.formatMessage(m.propose)}
          </Button>
        )}
      </HStack>
      {pending.isError ? (
        <Box role="alert">
          <Text color="fg.error">{intl.formatMessage(m.adjustmentsError)}</Text>
          <Button size="xs" variant="outline" mt="2" onClick={() => void pending.refetch()}>
            ↻
          </Button>
        </Box>
      ) : pending.data && pending.data.items.length === 0 ? (
        <Text role="status" fontSize="sm" color="fg.muted">
          {intl.formatMessage(m.noAdjustments)}
        </Text>
      ) : (
        <DataGrid
          caption={title}
          columns={adjustmentColumns(intl, actions)}
          rows={pending.data?.items}
          rowKey={(item) => item.id}
          rowAttributes={(item) => ({ 'data-adjustment': item.id })}
          busy={pending.isPending}
          skeletonRows={2}
        />
      )}
      {proposing && <ProposeAdjustmentDialog onClose={() => setProposing(false)} />}
      {open?.action === 'confirm' && <ConfirmAdjustmentDialog item={open.item} onClose={() => setOpen(null)} />}
      {open?.action === 'reject' && <RejectAdjustmentDialog item={open.item} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/**
 * Statements (spec section 2; issue 12): admin/statements and financial/statements (the financial
 * role's landing page). The ledger of a client's balance account or of a platform account for a
 * period (São Paulo days, the last included): opening balance, every posting with its reference and
 * description, the running balance, the closing balance; keyset pages; everything in the URL. Below
 * it, the external credits and debits waiting for a second staff member.
 */
export default function StatementsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(statementList);
  const clients = useQuery(getStaffClientsQueryOptions());
  const owner = typeof list.state.filters.client === 'string' ? list.state.filters.client : '';
  const account = typeof list.state.filters.account === 'string' ? list.state.filters.account : '';
  const accounts = useQuery(getAccountsQueryOptions(owner));
  const statement = useQuery(
    getStatementQueryOptions({
      account,
      from: list.state.dateFrom || undefined,
      to: list.state.dateTo || undefined,
      per_page: list.state.perPage,
      cursor: list.state.cursor ?? undefined,
    }),
  );
  const chosen = accounts.data?.items.find((item) => item.code === account);
  const currency = statement.data?.account.currency ?? chosen?.currency ?? 'BRL';
  const ownerOptions = [{ slug: 'platform', name: intl.formatMessage(m.platform) }, ...(clients.data ?? [])];
  const accountOptions = (accounts.data?.items ?? []).map((item) => ({ value: item.code, label: describeAccount(item, intl) }));
  if (account && !accountOptions.some((option) => option.value === account)) accountOptions.push({ value: account, label: account });
  const title = intl.formatMessage(m.title);
  const data = statement.data;
  return (
    <Stack gap="6">
      <RouteHeader route={route} homeHref={homeHref} />
      <Stack gap="3">
        <Stack gap="0">
          <Text fontWeight="semibold">{title}</Text>
          <Text fontSize="sm" color="fg.muted">
            {intl.formatMessage(m.hint)}
          </Text>
        </Stack>
        <HStack gap="3" wrap="wrap" align="end">
          <ClientFilter list={list} clients={ownerOptions} label={intl.formatMessage(m.owner)} allLabel={intl.formatMessage(m.chooseOwner)} />
          {owner && <FilterSelect list={list} name="account" label={intl.formatMessage(m.account)} allLabel={intl.formatMessage(m.chooseAccount)} options={accountOptions} />}
        </HStack>
        {accounts.isError && (
          <Text role="alert" color="fg.error">
            {intl.formatMessage(m.accountsError)}
          </Text>
        )}
        {owner && accounts.data?.items.length === 0 && (
          <Text role="status" color="fg.muted">
            {intl.formatMessage(m.noAccounts)}
          </Text>
        )}
        {!account ? (
          <Box role="status" borderWidth="1px" rounded="lg" p="6" bg="bg.panel">
            <Text color="fg.muted">{intl.formatMessage(m.pickAccount)}</Text>
          </Box>
        ) : (
          <ListView
            list={list}
            caption={title}
            columns={lineColumns(intl, currency, owner)}
            query={statement}
            rowKey={(line) => String(line.id)}
            rowAttributes={(line) => ({ 'data-posting': String(line.id), 'data-reference': line.reference })}
            summary={
              data && (
                <Box borderWidth="1px" rounded="lg" p="3" bg="bg.panel" data-testid="statement-summary">
                  <SummaryList
                    label={title}
                    items={[
                      { label: intl.formatMessage(m.account), value: describeAccount(data.account, intl) },
                      { label: intl.formatMessage(m.period), value: `${intl.formatDate(`${data.date_from}T12:00:00`)} – ${intl.formatDate(`${data.date_to}T12:00:00`)}` },
                      { label: intl.formatMessage(m.opening), value: money(data.opening_balance, data.account.currency, intl.locale) },
                      { label: intl.formatMessage(m.closing), value: money(data.closing_balance, data.account.currency, intl.locale) },
                    ]}
                  />
                </Box>
              )
            }
            errorTitle={intl.formatMessage(m.loadError)}
            emptyTitle={intl.formatMessage(m.empty)}
          />
        )}
      </Stack>
      <PendingAdjustments route={route} />
      <AppToaster />
    </Stack>
  );
}
