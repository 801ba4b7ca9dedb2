import { Box, Flex, Skeleton, Stat, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import type { CurrencySummary, DepositSummary } from '@/api/types';
import { money } from '@/lib/format';

import { depositsMessages as m } from '../messages';

/**
 * Count, amount, fees and average ticket of the filtered set, per currency (reais and dollars are never
 * added together), as one compact strip per currency so the list starts above the fold.
 */
export function DepositsSummary({ result, currency }: { result: UseQueryResult<DepositSummary>; currency: string }) {
  const intl = useIntl();
  const rows: CurrencySummary[] = result.data?.currencies.filter((row) => row.count > 0) ?? [];
  const shown = rows.length > 0 ? rows : [{ currency, count: 0, amount: 0, fee: 0, average_ticket: 0 }];
  return (
    <Box as="section" aria-label={intl.formatMessage(m.summary)} aria-busy={result.isPending || undefined}>
      {result.isPending ? (
        <Skeleton h="12" rounded="lg" />
      ) : result.isError ? (
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(m.summaryUnavailable)}
        </Text>
      ) : (
        shown.map((data) => (
          <Flex key={data.currency} borderWidth="1px" rounded="lg" bg="bg.panel" px="4" py="2" gap={{ base: '3', md: '8' }} wrap="wrap" align="center" mb="2">
            <Text fontWeight="semibold" fontSize="sm" aria-label={intl.formatMessage(m.summaryCurrency, { currency: data.currency })}>
              {data.currency}
            </Text>
            <SummaryStat label={intl.formatMessage(m.count)} value={intl.formatNumber(data.count)} />
            <SummaryStat label={intl.formatMessage(m.amount)} value={money(data.amount, data.currency, intl.locale)} />
            <SummaryStat label={intl.formatMessage(m.fees)} value={money(data.fee, data.currency, intl.locale)} />
            <SummaryStat label={intl.formatMessage(m.averageTicket)} value={money(data.average_ticket, data.currency, intl.locale)} />
          </Flex>
        ))
      )}
    </Box>
  );
}

function SummaryStat({ label, value }: { label: string; value: string }) {
  return (
    <Stat.Root size="sm" flex="0 0 auto">
      <Stat.Label fontSize="xs">{label}</Stat.Label>
      <Stat.ValueText fontSize="md">{value}</Stat.ValueText>
    </Stat.Root>
  );
}
