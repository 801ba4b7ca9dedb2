import { Box, Field, Flex, HStack, Link, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import type { StatsSeries, VolumeTotal } from '@/api/types';
import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import { getVolumeQueryOptions } from '@/api/get-stats-volume';
import { BarChart } from '@/components/kit';
import { DateRangeField } from '@/components/kit/date-field';
import { EmptyBlock, LoadError } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/auth/session';
import { money } from '@/lib/format';
import { isRouteAllowed } from '@/lib/permissions';

import { getStatsSeriesQueryOptions, getStatsSummaryQueryOptions, type StatsQuery } from '../api/get-stats';
import { change, type Figures, figures } from '../lib/figures';
import { currentMonth, daysIn, isIsoDate, previousPeriod, todayInSaoPaulo } from '../lib/period';
import { statsMessages as m } from '../messages';

const CURRENCIES = ['BRL', 'USD'] as const;
const MAX_DAYS = 366;
const COMPLIANCE_ROUTE = 'admin/compliance';

/** The question the URL asks (period, currency, client), the current month in reais by default. */
function useStatsParams() {
  const [params, setParams] = useSearchParams();
  const month = currentMonth(todayInSaoPaulo());
  const from = isIsoDate(params.get('from')) ? params.get('from')! : month.from;
  const to = isIsoDate(params.get('to')) ? params.get('to')! : month.to;
  const currency = CURRENCIES.find((c) => c === params.get('currency')) ?? 'BRL';
  const client = params.get('client') ?? '';
  const valid = from <= to && daysIn(from, to) <= MAX_DAYS;
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return { query: { from, to, currency, client: client || undefined } satisfies StatsQuery, valid, set };
}

/**
 * The statistics of a period (the current month by default) in one currency, for the user's own company or,
 * for staff and partners, every client they may see or one: deposits and withdrawals by outcome, fees,
 * conversion, the balance, and the paid amounts by day. `compare` sets each figure against the period of
 * the same length before it (metrics); `balance={false}` leaves the balance to a screen that shows it per currency;
 * `volume` adds the money paid by method, the active clients and the top clients (admin/overall).
 */
export function StatsDashboard({ compare = false, balance = true, volume = false }: { compare?: boolean; balance?: boolean; volume?: boolean }) {
  const intl = useIntl();
  const user = useSessionUser();
  const { query, valid, set } = useStatsParams();
  const acrossClients = user.tenant.kind !== 'client';
  const clients = useQuery({ ...getStaffClientsQueryOptions(), enabled: acrossClients });
  const summary = useQuery({ ...getStatsSummaryQueryOptions(query), enabled: valid });
  const before = previousPeriod(query.from, query.to);
  const previous = useQuery({ ...getStatsSummaryQueryOptions({ ...query, ...before }), enabled: valid && compare });
  const interval = daysIn(query.from, query.to) > 62 ? 'month' : 'day';
  const series = useQuery({ ...getStatsSeriesQueryOptions({ ...query, interval }), enabled: valid });
  const fmt = (cents: number) => money(cents, query.currency, intl.locale);
  const day = (iso: string) => intl.formatDate(`${iso}T12:00:00Z`, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });

  const controls = (
    <Flex as="section" aria-label={intl.formatMessage(m.controls)} gap="3" wrap="wrap" align="flex-end">
      <DateRangeField size="sm" from={query.from} to={query.to} fromLabel={intl.formatMessage(m.from)} toLabel={intl.formatMessage(m.to)} onlyComplete onChange={({ from, to }) => set({ from, to })} />
      <Link as="button" fontSize="sm" mb="2" colorPalette="blue" color="colorPalette.fg" onClick={() => set({ from: '', to: '' })}>
        {intl.formatMessage(m.thisMonth)}
      </Link>
      <Select label={intl.formatMessage(m.currency)} value={query.currency} onChange={(currency) => set({ currency })} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
      {acrossClients && (
        <Select
          label={intl.formatMessage(m.client)}
          value={query.client ?? ''}
          onChange={(client) => set({ client })}
          options={[{ value: '', label: intl.formatMessage(m.allClients) }, ...(clients.data ?? []).map((c) => ({ value: c.slug, label: c.name }))]}
        />
      )}
      {!valid && (
        <Text role="alert" color="fg.error" fontSize="sm" w="full">
          {intl.formatMessage(m.badRange)}
        </Text>
      )}
    </Flex>
  );

  let body: ReactNode;
  if (!valid) body = null;
  else if (summary.isError) body = <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void summary.refetch()} />;
  else if (!summary.data) body = <Skeleton h="64" rounded="lg" aria-busy="true" />;
  else {
    const now = figures(summary.data);
    const then = compare && previous.data ? figures(previous.data) : null;
    const delta = (pick: (f: Figures) => number) => (compare ? <Delta now={pick(now)} before={then ? pick(then) : null} period={before} /> : null);
    const canReview = isRouteAllowed(COMPLIANCE_ROUTE, user.menu);
    // Nothing at all in the period: one empty state, not a wall of zeros (the balance still shows).
    const empty = now.generated.count === 0 && now.payoutsRequested.count === 0 && now.externalCredits.count === 0 && now.externalDebits.count === 0;
    body = (
      <Stack gap="6" aria-busy={summary.isPlaceholderData || undefined}>
        {empty ? (
          <EmptyBlock title={intl.formatMessage(m.empty)} description={intl.formatMessage(m.emptyHelp)} />
        ) : (
          <>
            <Group title={intl.formatMessage(m.deposits)}>
              <Figure label={intl.formatMessage(m.paid)} value={fmt(now.paid.amount)} help={intl.formatMessage(m.count, { count: now.paid.count })} delta={delta((f) => f.paid.amount)} />
              <Figure label={intl.formatMessage(m.generated)} value={fmt(now.generated.amount)} help={intl.formatMessage(m.count, { count: now.generated.count })} delta={delta((f) => f.generated.count)} />
              <Figure label={intl.formatMessage(m.open)} value={fmt(now.open.amount)} help={intl.formatMessage(m.count, { count: now.open.count })} />
              <Figure label={intl.formatMessage(m.lost)} value={fmt(now.lost.amount)} help={intl.formatMessage(m.count, { count: now.lost.count })} />
              <Figure label={intl.formatMessage(m.refunded)} value={fmt(now.refunded.amount)} help={intl.formatMessage(m.count, { count: now.refunded.count })} />
              <Figure label={intl.formatMessage(m.depositConversion)} value={rate(now.depositConversion, intl.locale, intl.formatMessage(m.noRate))} help={intl.formatMessage(m.conversionHelp)} />
            </Group>
            <Group title={intl.formatMessage(m.payouts)}>
              <Figure label={intl.formatMessage(m.payoutsPaid)} value={fmt(now.payoutsPaid.amount)} help={intl.formatMessage(m.count, { count: now.payoutsPaid.count })} delta={delta((f) => f.payoutsPaid.amount)} />
              <Figure label={intl.formatMessage(m.payoutsInFlight)} value={fmt(now.payoutsInFlight.amount)} help={intl.formatMessage(m.count, { count: now.payoutsInFlight.count })} />
              <Figure
                label={intl.formatMessage(m.payoutsWaitingReview)}
                value={fmt(now.payoutsWaitingReview.amount)}
                help={
                  canReview ? (
                    <Link asChild colorPalette="blue" color="colorPalette.fg">
                      <RouterLink to={paths.screen.getHref(COMPLIANCE_ROUTE)}>{intl.formatMessage(m.count, { count: now.payoutsWaitingReview.count })}</RouterLink>
                    </Link>
                  ) : (
                    intl.formatMessage(m.count, { count: now.payoutsWaitingReview.count })
                  )
                }
              />
              <Figure label={intl.formatMessage(m.payoutsReturned)} value={fmt(now.payoutsReturned.amount)} help={intl.formatMessage(m.count, { count: now.payoutsReturned.count })} />
              <Figure label={intl.formatMessage(m.payoutConversion)} value={rate(now.payoutConversion, intl.locale, intl.formatMessage(m.noRate))} help={intl.formatMessage(m.conversionHelp)} />
            </Group>
            <Group title={intl.formatMessage(m.transacted)}>
              <Figure label={intl.formatMessage(m.transacted)} value={fmt(now.transacted)} delta={delta((f) => f.transacted)} />
              <Figure label={intl.formatMessage(m.fees)} value={fmt(now.fees)} delta={delta((f) => f.fees)} />
              <Figure label={intl.formatMessage(m.externalCredits)} value={fmt(now.externalCredits.amount)} help={intl.formatMessage(m.count, { count: now.externalCredits.count })} />
              <Figure label={intl.formatMessage(m.externalDebits)} value={fmt(now.externalDebits.amount)} help={intl.formatMessage(m.count, { count: now.externalDebits.count })} />
            </Group>
            {volume && <VolumeFigures query={query} before={before} compare={compare} />}
          </>
        )}
        {balance && (
          <Group title={intl.formatMessage(m.balance)} help={intl.formatMessage(m.balanceNow)}>
            <Figure label={intl.formatMessage(m.available)} value={fmt(now.balance.available)} />
            <Figure label={intl.formatMessage(m.pending)} value={fmt(now.balance.pending)} />
            <Figure label={intl.formatMessage(m.held)} value={fmt(now.balance.held)} />
          </Group>
        )}
        {!empty && <Chart series={series.data} interval={interval} format={fmt} label={interval === 'day' ? day : (iso) => intl.formatDate(`${iso}T12:00:00Z`, { month: 'short', year: '2-digit', timeZone: 'UTC' })} />}
      </Stack>
    );
  }
  return (
    <Stack gap="5">
      {controls}
      {body}
    </Stack>
  );
}

const METHODS = ['billet', 'card', 'wire', 'pix'] as const;

/** Money paid by method, the clients with money paid and the top clients by deposits paid (GET /api/stats/volume). */
function VolumeFigures({ query, before, compare }: { query: StatsQuery; before: { from: string; to: string }; compare: boolean }) {
  const intl = useIntl();
  const ask = { from: query.from, to: query.to, currency: query.currency as 'BRL' | 'USD', sort: '-deposits_amount', ...(query.client ? { client: query.client } : {}) };
  const now = useQuery(getVolumeQueryOptions(ask));
  const previous = useQuery({ ...getVolumeQueryOptions({ ...ask, ...before }), enabled: compare });
  if (now.isError) return <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void now.refetch()} />;
  if (!now.data) return <Skeleton h="32" rounded="lg" aria-busy="true" />;
  const fmt = (cents: number) => money(cents, query.currency, intl.locale);
  const pick = (totals: VolumeTotal[] | undefined) => totals?.find((t) => t.currency === query.currency);
  const total = pick(now.data.totals);
  const then = previous.data ? (pick(previous.data.totals) ?? null) : null;
  const value = (t: VolumeTotal | null | undefined, field: string) => (t ? Number((t as unknown as Record<string, number>)[field] ?? 0) : 0);
  const delta = (field: string) => (compare ? <Delta now={value(total, field)} before={previous.data ? value(then, field) : null} period={before} /> : null);
  const top = now.data.rows.slice(0, 10);
  return (
    <>
      <Group title={intl.formatMessage(m.byMethod)}>
        {METHODS.map((method) => (
          <Figure key={method} label={intl.formatMessage(m[method])} value={fmt(value(total, `${method}_amount`))} help={intl.formatMessage(m.count, { count: value(total, `${method}_count`) })} delta={delta(`${method}_amount`)} />
        ))}
        <Figure label={intl.formatMessage(m.activeClients)} value={intl.formatNumber(value(total, 'clients'))} help={intl.formatMessage(m.activeClientsHelp)} delta={delta('clients')} />
      </Group>
      <Box as="section" aria-label={intl.formatMessage(m.topClients)}>
        <Text as="h2" fontWeight="semibold" fontSize="lg" mb="2">
          {intl.formatMessage(m.topClients)}
        </Text>
        <Stack as="ol" gap="1" borderWidth="1px" rounded="lg" bg="bg.panel" p="4" listStyleType="decimal" ps="8">
          {top.map((row) => (
            <Box as="li" key={row.client} data-client={row.client}>
              <HStack justify="space-between" gap="4">
                <Text as="span">{row.name}</Text>
                <Text as="span" fontWeight="medium">
                  {fmt(row.deposits_amount)}
                </Text>
              </HStack>
            </Box>
          ))}
        </Stack>
      </Box>
    </>
  );
}

function Chart({ series, interval, format, label }: { series: StatsSeries | undefined; interval: 'day' | 'month'; format: (v: number) => string; label: (iso: string) => string }) {
  const intl = useIntl();
  if (!series) return <Skeleton h="48" rounded="lg" />;
  const paid = (t: { confirmed: { amount: number }; paid_to_client: { amount: number } }) => t.confirmed.amount + t.paid_to_client.amount;
  return (
    <Box borderWidth="1px" rounded="lg" bg="bg.panel" p="4">
      <BarChart
        title={intl.formatMessage(interval === 'day' ? m.chart : m.chartMonthly)}
        labelHeader={intl.formatMessage(interval === 'day' ? m.day : m.month)}
        labels={series.points.map((point) => label(point.period))}
        format={format}
        series={[
          { key: 'deposits', label: intl.formatMessage(m.paid), color: 'blue.500', values: series.points.map((point) => paid(point.deposits)) },
          { key: 'payouts', label: intl.formatMessage(m.payoutsPaid), color: 'orange.400', values: series.points.map((point) => paid(point.payouts)) },
        ]}
      />
    </Box>
  );
}

function Group({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <HStack mb="2" gap="2" align="baseline">
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          {title}
        </Text>
        {help && (
          <Text fontSize="sm" color="fg.muted">
            {help}
          </Text>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
        {children}
      </SimpleGrid>
    </Box>
  );
}

function Figure({ label, value, help, delta }: { label: string; value: string; help?: ReactNode; delta?: ReactNode }) {
  return (
    <Stack gap="1" borderWidth="1px" rounded="lg" bg="bg.panel" p="4" role="group" aria-label={label}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold">
        {value}
      </Text>
      {help && (
        <Text as="div" fontSize="sm" color="fg.muted">
          {help}
        </Text>
      )}
      {delta}
    </Stack>
  );
}

function Delta({ now, before, period }: { now: number; before: number | null; period: { from: string; to: string } }) {
  const intl = useIntl();
  if (before === null) return <Skeleton h="4" w="40" />;
  const span = { from: intl.formatDate(`${period.from}T12:00:00Z`, { timeZone: 'UTC' }), to: intl.formatDate(`${period.to}T12:00:00Z`, { timeZone: 'UTC' }) };
  const percent = change(now, before);
  if (percent === null) {
    return (
      <Text fontSize="xs" color="fg.muted">
        {intl.formatMessage(m.vsNothing, span)}
      </Text>
    );
  }
  const shown = `${percent > 0 ? '↑' : percent < 0 ? '↓' : ''} ${intl.formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' })}`.trim();
  return (
    <Text fontSize="xs" color={percent > 0 ? 'fg.success' : percent < 0 ? 'fg.error' : 'fg.muted'} data-change={percent}>
      {intl.formatMessage(m.vsPrevious, { change: shown, ...span })}
    </Text>
  );
}

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[] }) {
  return (
    <Field.Root w="auto" minW="32">
      <Field.Label fontSize="xs">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function rate(value: number | null, locale: string, none: string): string {
  return value === null ? none : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}
