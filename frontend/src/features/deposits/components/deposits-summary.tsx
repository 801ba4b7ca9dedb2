import { Box, Heading, SimpleGrid, Skeleton, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import type { CurrencySummary } from '@/api/types';
import { money } from '@/lib/format';

import { getDepositsSummaryQueryOptions } from '../api/get-deposits-summary';
import { CURRENCIES } from '../lib/constants';

import { type DepositFilters, filterQuery } from '../lib/filters';
import { depositsMessages as m } from '../messages';

/**
 * Count, amount, fees and average ticket of the filtered set, per currency (the API groups by
 * currency in one scan: adding reais to dollars would mean nothing). Currencies without a deposit in
 * the set are left out; with none at all, one empty block (the chosen currency, or the first).
 */
export function DepositsSummary({ filters }: { filters: DepositFilters }) {
  const intl = useIntl();
  const result = useQuery(getDepositsSummaryQueryOptions(filterQuery(filters)));
  const fallback = filters.currency[0] ?? CURRENCIES[0];
  const rows: CurrencySummary[] = result.data?.currencies.filter((row) => row.count > 0) ?? [];
  const shown = rows.length > 0 ? rows : [{ currency: fallback, count: 0, amount: 0, fee: 0, average_ticket: 0 }];

  return (
    <Box as="section" aria-label={intl.formatMessage(m.summary)} aria-busy={result.isPending || undefined}>
      {result.isPending ? (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="20" rounded="lg" />
          ))}
        </SimpleGrid>
      ) : result.isError ? (
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(m.summaryUnavailable)}
        </Text>
      ) : (
        shown.map((data) => (
          <Box key={data.currency} mb="3">
            {shown.length > 1 && (
              <Heading as="h2" size="sm" mb="2">
                {intl.formatMessage(m.summaryCurrency, { currency: data.currency })}
              </Heading>
            )}
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
              <SummaryStat label={intl.formatMessage(m.count)} value={intl.formatNumber(data.count)} />
              <SummaryStat label={intl.formatMessage(m.amount)} value={money(data.amount, data.currency, intl.locale)} />
              <SummaryStat label={intl.formatMessage(m.fees)} value={money(data.fee, data.currency, intl.locale)} />
              <SummaryStat label={intl.formatMessage(m.averageTicket)} value={money(data.average_ticket, data.currency, intl.locale)} />
            </SimpleGrid>
          </Box>
        ))
      )}
    </Box>
  );
}

function SummaryStat({ label, value }: { label: string; value: string }) {
  return (
    <Stat.Root borderWidth="1px" rounded="lg" bg="bg.panel" p="4">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="xl">{value}</Stat.ValueText>
    </Stat.Root>
  );
}
