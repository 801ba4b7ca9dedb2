import { Badge, Button, Flex, Link, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import type { Refund } from '@/api/types';
import { AppToaster } from '@/components/app-toaster';
import { FilterMultiSelect, type GridColumn, labelsOf, listSortMessages, ListView, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { paths } from '@/config/paths';
import { useCanWrite } from '@/lib/auth/session';
import { formatDateTime, money } from '@/lib/format';
import { LIST_SORTS } from '@/lib/list-params';

import { getRefundsQueryOptions } from '../api/get-refunds';
import { REFUND_STATUSES, refundsList, refundsQuery } from '../lib/filters';
import { refundStatusMessages, refundsMessages as m } from '../messages';
import { RefundDialog } from './refund-dialog';

const when = (iso: string | null, locale: string) => (iso ? formatDateTime(Math.floor(Date.parse(iso) / 1000), locale) : '');
const PALETTE: Record<string, string> = { pending: 'yellow', confirmed: 'green', failed: 'red' };

/** Amount and status never leave the screen; the refund's and deposit's ids and the reason go first when it narrows. */
function refundColumns(intl: IntlShape): GridColumn<Refund>[] {
  return [
    { key: 'id', header: intl.formatMessage(m.id), priority: 2, mono: true, fixed: true, cell: (row) => row.id },
    {
      key: 'deposit',
      header: intl.formatMessage(m.deposit),
      priority: 2,
      mono: true,
      cell: (row) => (
        <Link asChild colorPalette="blue" color="colorPalette.fg">
          <RouterLink to={paths.deposits.getHref(row.deposit_id)}>{row.deposit_id}</RouterLink>
        </Link>
      ),
    },
    { key: 'payer', header: intl.formatMessage(m.payer), priority: 1, card: 'title', cell: (row) => row.payer_name },
    { key: 'amount', header: intl.formatMessage(m.amountCol), priority: 1, card: 'amount', numeric: true, sortField: 'amount', cell: (row) => money(row.amount, row.currency, intl.locale) },
    {
      key: 'status',
      header: intl.formatMessage(m.status),
      priority: 1,
      card: 'status',
      cell: (row) => (
        <Badge colorPalette={PALETTE[row.status] ?? 'gray'} variant="subtle">
          {intl.formatMessage(refundStatusMessages[row.status])}
        </Badge>
      ),
    },
    { key: 'reason', header: intl.formatMessage(m.reasonCol), priority: 3, cell: (row) => row.reason },
    { key: 'created', header: intl.formatMessage(m.createdAt), priority: 2, card: 'date', nowrap: true, sortField: 'created_at', cell: (row) => when(row.created_at, intl.locale) },
  ];
}

/**
 * clients/refunds ("Estornos"): the refunds on the list kit (status, period, search by id or payer, sort
 * and pages in the URL), and "Refund" (deposit id + amount + reason). `?refund=<deposit id>` opens the
 * form for that deposit; `?deposit=<id>` lists that deposit's refunds.
 */
export default function RefundsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const list = useList(refundsList);
  const query = useQuery(getRefundsQueryOptions(refundsQuery(list.state)));
  const [params, setParams] = useSearchParams();
  const refundFor = params.get('refund');
  const [formOpen, setFormOpen] = useState(refundFor !== null);

  const closeForm = () => {
    setFormOpen(false);
    if (refundFor !== null) {
      const next = new URLSearchParams(params);
      next.delete('refund');
      setParams(next, { replace: true });
    }
  };

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="start" gap="3" wrap="wrap">
        <RouteHeader route={route} homeHref={homeHref} />
        {writable && (
          <Button size="sm" colorPalette="blue" onClick={() => setFormOpen(true)}>
            {intl.formatMessage(m.refund)}
          </Button>
        )}
      </Flex>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={refundColumns(intl)}
        query={query}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ 'data-refund': row.id })}
        sortLabels={labelsOf(intl, LIST_SORTS, listSortMessages)}
        search={{ label: intl.formatMessage(m.search) }}
        filters={
          <FilterMultiSelect
            list={list}
            name="status"
            label={intl.formatMessage(m.status)}
            options={REFUND_STATUSES.map((value) => ({ value, label: intl.formatMessage(refundStatusMessages[value]) }))}
          />
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.notFound)}
      />
      {formOpen && <RefundDialog depositId={refundFor ?? ''} onClose={closeForm} />}
      <AppToaster />
    </Stack>
  );
}
