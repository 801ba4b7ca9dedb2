import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

import type { MedCase } from '@/api/types';
import { FilterSelect, type GridColumn, ListView, type ListHandle, labelsOf } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';

import { getMedCasesQueryOptions, type MedQuery } from '../api/med';
import { medMessages as m } from '../messages';

export const MED_STATUSES = ['open', 'refunding', 'completed', 'rejected', 'cancelled'] as const;
export const MED_SORTS = ['queue', '-reported_at'] as const;
export type MedSort = (typeof MED_SORTS)[number];
export const STATUS_MESSAGES = { open: m.statusOpen, refunding: m.statusRefunding, completed: m.statusCompleted, rejected: m.statusRejected, cancelled: m.statusCancelled };

type Filter = 'status' | 'urgency' | 'client';

/** GET /api/med-cases for the list's URL state: search, sort, page, and the named filters when set. */
export function useMedCases(list: ListHandle<MedSort>, filters: readonly Filter[]) {
  const query: MedQuery = { q: list.state.q || undefined, sort: list.state.sort, per_page: list.state.perPage, cursor: list.state.cursor ?? undefined };
  for (const name of filters) {
    const value = list.state.filters[name];
    if (typeof value === 'string' && value) query[name] = value;
  }
  return useQuery(getMedCasesQueryOptions(query));
}

type Props = {
  route: string;
  homeHref: string;
  intro: string;
  list: ListHandle<MedSort>;
  columns: GridColumn<MedCase>[];
  query: ReturnType<typeof useMedCases>;
  rowAttributes: (item: MedCase) => Record<`data-${string}`, string>;
  /** Filters beside the status one (the desk's urgency and client). */
  moreFilters?: ReactNode;
  emptyTitle: string;
  /** What the screen adds below the list (the desk's case drawer and decision dialog). */
  children?: ReactNode;
};

/**
 * A MED cases screen (the desk's employee/meds and the client's read-only clients/meds): the header and
 * its intro, then the cases with search, the queue or newest-first sort, the status filter and the
 * screen's own filters, and the list's empty and error states.
 */
export function MedCasesView({ route, homeHref, intro, list, columns, query, rowAttributes, moreFilters, emptyTitle, children }: Props) {
  const intl = useIntl();
  const statusLabels = labelsOf(intl, MED_STATUSES, STATUS_MESSAGES);
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intro}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.list)}
        columns={columns}
        query={query}
        rowKey={(item) => item.id}
        rowAttributes={rowAttributes}
        sortLabels={{ queue: intl.formatMessage(m.sortQueue), '-reported_at': intl.formatMessage(m.sortNewest) }}
        search={{ label: intl.formatMessage(m.search) }}
        filters={
          <>
            <FilterSelect list={list} name="status" label={intl.formatMessage(m.status)} allLabel={intl.formatMessage(m.allStatuses)} options={MED_STATUSES.map((s) => ({ value: s, label: statusLabels[s] }))} />
            {moreFilters}
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={emptyTitle}
      />
      {children}
    </Stack>
  );
}
