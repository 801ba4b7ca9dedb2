import { Button, Flex, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { useCanWrite } from '@/lib/auth/session';
import { nextPageParams, previousPageParams, readCursorPage } from '@/lib/cursor-pages';

import { getDepositsQueryOptions } from '../api/get-deposits';
import type { ChargeMethod } from '../lib/deposit-form';
import { DETAIL_PARAM, type DepositFilters, hasActiveFilters, listQuery, readFilters, writeFilters } from '../lib/filters';
import { depositsMessages as m } from '../messages';
import { DepositDetailDrawer } from './deposit-detail-drawer';
import { DepositFiltersForm } from './deposit-filters';
import { DepositsPagination, DepositsTable } from './deposits-table';
import { DepositsSummary } from './deposits-summary';
import { DepositsToolbar } from './deposits-toolbar';
import { GenerateDepositDialog } from './generate-deposit-dialog';
import { RouteHeader } from './route-header';
import { DepositsToaster } from './toaster';

/**
 * clients/payments ("Depósitos"): the tenant's deposits with filters, search, sort and keyset pages,
 * all kept in the URL; the summary of the filtered set; billet and PIX generation; a deposit's detail.
 */
export default function DepositsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const [params, setParams] = useSearchParams();
  const [generating, setGenerating] = useState<ChargeMethod | null>(null);
  const filters = readFilters(params);
  const page = readCursorPage(params);
  const list = useQuery(getDepositsQueryOptions(listQuery(filters, page.cursor)));
  const detailId = params.get(DETAIL_PARAM);

  const applyFilters = (next: DepositFilters) => setParams(writeFilters(params, next));
  const clearFilters = () =>
    setParams(writeFilters(params, { ...readFilters(new URLSearchParams()), sort: filters.sort, perPage: filters.perPage }));
  const openDetail = (id: string) => {
    const next = new URLSearchParams(params);
    next.set(DETAIL_PARAM, id);
    setParams(next);
  };
  const closeDetail = () => {
    const next = new URLSearchParams(params);
    next.delete(DETAIL_PARAM);
    setParams(next);
  };
  const withoutDetail = (next: URLSearchParams) => {
    next.delete(DETAIL_PARAM);
    return next;
  };

  // The filter form restarts from the URL whenever the filters there change (back/forward, clear).
  const filterKey = writeFilters(new URLSearchParams(), { ...filters, q: '' }).toString();

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      {writable && (
        <Flex gap="3" wrap="wrap" role="group" aria-label={intl.formatMessage(m.actions)}>
          <Button colorPalette="blue" onClick={() => setGenerating('billet')}>
            {intl.formatMessage(m.generateBillet)}
          </Button>
          <Button colorPalette="blue" variant="outline" onClick={() => setGenerating('pix')}>
            {intl.formatMessage(m.generatePix)}
          </Button>
        </Flex>
      )}
      <DepositFiltersForm key={filterKey} filters={filters} onApply={applyFilters} onClear={clearFilters} />
      <DepositsSummary filters={filters} />
      <Stack gap="0">
        <DepositsToolbar key={filters.q} filters={filters} onChange={applyFilters} />
        <Stack mt="4" gap="0">
          <DepositsTable
            items={list.data?.items}
            loading={list.isPending}
            refreshing={list.isPlaceholderData && list.isFetching}
            error={list.isError}
            filtered={hasActiveFilters(filters)}
            sort={{ field: filters.sort.replace(/^-/, ''), descending: filters.sort.startsWith('-') }}
            skeletonRows={Math.min(filters.perPage, 10)}
            onRetry={() => void list.refetch()}
            onOpen={openDetail}
          />
          {(page.number > 1 || list.data?.next_cursor) && (
            <DepositsPagination
              page={page.number}
              hasPrevious={page.number > 1}
              hasNext={Boolean(list.data?.next_cursor) && !list.isPlaceholderData}
              onPrevious={() => setParams(withoutDetail(previousPageParams(params)))}
              onNext={() => list.data?.next_cursor && setParams(withoutDetail(nextPageParams(params, list.data.next_cursor)))}
            />
          )}
        </Stack>
      </Stack>
      {generating && <GenerateDepositDialog method={generating} onClose={() => setGenerating(null)} />}
      <DepositDetailDrawer id={detailId} onClose={closeDetail} />
      <DepositsToaster />
    </Stack>
  );
}
