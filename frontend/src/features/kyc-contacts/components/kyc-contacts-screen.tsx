import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type IntlShape, useIntl } from 'react-intl';

import type { KycContact } from '@/api/types';
import { FilterSelect, type GridColumn, ListView, defineList, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { formatDocument } from '@/lib/documents';
import { formatDateTime } from '@/lib/format';
import { LIST_PAGE_SIZES } from '@/lib/list-params';

import { getContactsQueryOptions } from '../api/contacts';
import { contactsMessages as m } from '../messages';

const KINDS = ['email', 'phone'] as const;
const SHARED = ['true'] as const;
const SORTS = ['-documents', 'documents', '-last_seen_at', 'last_seen_at'] as const;
const THRESHOLD = 3; // the server's SHARED_THRESHOLD (customers.contacts); the list answer carries it too

/** employee/kyc-phones-emails: e-mails and phones with the documents using them; filters in the URL. */
export const contactsList = defineList({
  id: 'kyc-contacts',
  filters: { kind: { values: KINDS }, shared: { values: SHARED } },
  search: true,
  sorts: SORTS,
  defaultSort: '-documents',
  pageSizes: LIST_PAGE_SIZES,
});

const when = (iso: string, intl: IntlShape) => formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale);

function columns(intl: IntlShape): GridColumn<KycContact>[] {
  return [
    {
      key: 'value',
      header: intl.formatMessage(m.colValue),
      priority: 1,
      card: 'title',
      cell: (c) => (
        <HStack gap="2" minW="0" wrap="wrap">
          <Text title={c.value} overflowWrap="anywhere" minW="0">
            {c.value}
          </Text>
          {c.shared && <Badge colorPalette="red">{intl.formatMessage(m.flagged)}</Badge>}
        </HStack>
      ),
    },
    { key: 'kind', header: intl.formatMessage(m.colKind), priority: 2, cell: (c) => intl.formatMessage(c.kind === 'email' ? m.kindEmail : m.kindPhone) },
    { key: 'documents', header: intl.formatMessage(m.colDocuments), priority: 1, numeric: true, sortField: 'documents', cell: (c) => intl.formatNumber(c.documents) },
    {
      key: 'used_by',
      header: intl.formatMessage(m.colUsedBy),
      priority: 1,
      cell: (c) => (
        <Stack gap="0">
          {c.used_by.map((u) => (
            <Text key={u.document} fontSize="sm" data-used-by={u.document}>
              {intl.formatMessage(m.usedBy, { document: formatDocument(u.document), clients: u.clients.map((client) => client.name).join(', '), uses: u.uses })}
            </Text>
          ))}
        </Stack>
      ),
    },
    { key: 'last_seen', header: intl.formatMessage(m.colLastSeen), priority: 2, card: 'date', nowrap: true, sortField: 'last_seen_at', cell: (c) => when(c.last_seen_at, intl) },
  ];
}

export default function KycContactsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const list = useList(contactsList);
  const filter = (name: string) => {
    const value = list.state.filters[name];
    return typeof value === 'string' && value ? value : undefined;
  };
  const query = useQuery(
    getContactsQueryOptions({ kind: filter('kind'), shared: filter('shared') === 'true' || undefined, q: list.state.q || undefined, sort: list.state.sort, per_page: list.state.perPage, cursor: list.state.cursor ?? undefined }),
  );
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.intro, { threshold: query.data?.threshold ?? THRESHOLD })}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.table)}
        columns={columns(intl)}
        query={query}
        rowKey={(c) => String(c.id)}
        rowAttributes={(c) => ({ 'data-contact': c.value })}
        sortLabels={{
          '-documents': intl.formatMessage(m.sortDocuments),
          documents: intl.formatMessage(m.sortFewest),
          '-last_seen_at': intl.formatMessage(m.sortRecent),
          last_seen_at: intl.formatMessage(m.sortOldest),
        }}
        search={{ label: intl.formatMessage(m.search) }}
        filters={
          <>
            <FilterSelect list={list} name="kind" label={intl.formatMessage(m.kind)} allLabel={intl.formatMessage(m.allKinds)} options={[{ value: 'email', label: intl.formatMessage(m.kindEmail) }, { value: 'phone', label: intl.formatMessage(m.kindPhone) }]} />
            <FilterSelect list={list} name="shared" label={intl.formatMessage(m.shared)} allLabel={intl.formatMessage(m.allShared)} options={[{ value: 'true', label: intl.formatMessage(m.onlyShared) }]} />
          </>
        }
        errorTitle={intl.formatMessage(m.loadError)}
        emptyTitle={intl.formatMessage(m.empty)}
      />
    </Stack>
  );
}
