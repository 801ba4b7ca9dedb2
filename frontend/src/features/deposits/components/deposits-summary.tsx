import { Box, Heading, SimpleGrid, Skeleton, Stat, Text } from '@chakra-ui/react';
import { useQueries } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import type { DepositSummary } from '@/api/types';

import { getDepositsSummaryQueryOptions } from '../api/get-deposits-summary';
import { CURRENCIES } from '../lib/constants';
import { money } from '../lib/display';
import { type DepositFilters, filterQuery } from '../lib/filters';
import { depositsMessages as m } from '../messages';

/**
 * Count, amount, fees and average ticket of the filtered set. The API sums whatever it matches, so
 * the screen asks once per currency: adding reais to dollars would mean nothing.
 */
export function DepositsSummary({ filters }: { filters: DepositFilters }) {
  const intl = useIntl();
  const currencies = filters.currency.length > 0 ? filters.currency : [...CURRENCIES];
  const results = useQueries({
    queries: currencies.map((currency) => getDepositsSummaryQueryOptions({ ...filterQuery(filters), currency: [currency] })),
  });

  const loading = results.some((r) => r.isPending);
  const failed = results.some((r) => r.isError);
  const rows = currencies.map((currency, index) => ({ currency, data: results[index]?.data }));
  const withData = rows.filter((row): row is { currency: string; data: DepositSummary } => Boolean(row.data));
  const nonEmpty = withData.filter((row) => row.data.count > 0);
  const shown = nonEmpty.length > 0 ? nonEmpty : withData.slice(0, 1);

  return (
    <Box as="section" aria-label={intl.formatMessage(m.summary)} aria-busy={loading || undefined}>
      {loading ? (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="20" rounded="lg" />
          ))}
        </SimpleGrid>
      ) : failed ? (
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(m.summaryUnavailable)}
        </Text>
      ) : (
        shown.map(({ currency, data }) => (
          <Box key={currency} mb="3">
            {shown.length > 1 && (
              <Heading as="h2" size="sm" mb="2">
                {intl.formatMessage(m.summaryCurrency, { currency })}
              </Heading>
            )}
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
              <SummaryStat label={intl.formatMessage(m.count)} value={intl.formatNumber(data.count)} />
              <SummaryStat label={intl.formatMessage(m.amount)} value={money(data.amount, currency, intl.locale)} />
              <SummaryStat label={intl.formatMessage(m.fees)} value={money(data.fee, currency, intl.locale)} />
              <SummaryStat label={intl.formatMessage(m.averageTicket)} value={money(data.average_ticket, currency, intl.locale)} />
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
