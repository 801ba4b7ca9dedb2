import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { ExportCreated, ExportIn } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { DownloadCenter } from '@/components/kit';
import { DateField, useCheckDate } from '@/components/kit/date-field';
import { SelectField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { api } from '@/lib/api-client';

import { reportsMessages as m } from '../messages';

type ReportType = 'payments' | 'payouts';
type Field = 'type' | 'format' | 'dateFrom' | 'dateTo' | 'status' | 'method' | 'currency' | 'client';

const STATUSES: Record<ReportType, readonly string[]> = {
  payments: ['waiting', 'pending', 'confirmed', 'paid_to_client', 'canceled', 'expired', 'refunded'],
  payouts: ['waiting', 'approved', 'pending', 'confirmed', 'paid_to_client', 'rejected', 'canceled', 'reversed'],
};
const METHODS: Record<ReportType, readonly string[]> = { payments: ['billet', 'card', 'wire', 'pix'], payouts: ['pix', 'ted'] };
const CURRENCIES = ['BRL', 'USD'] as const;

/** The API's paths of a refused request, onto the form's fields. */
const FIELD_MAP: Readonly<Record<string, Field>> = {
  type: 'type',
  format: 'format',
  'filters.date_from': 'dateFrom',
  'filters.date_to': 'dateTo',
  'filters.status': 'status',
  'filters.status.0': 'status',
  'filters.method': 'method',
  'filters.method.0': 'method',
  'filters.currency': 'currency',
  'filters.currency.0': 'currency',
  'filters.client': 'client',
};

const EXPORTS_KEY = ['exports'] as const;

/**
 * admin/reports (issue 13): a report of deposits or withdrawals across the clients the staff member may see,
 * by period, status, method, currency and client, made in the background (POST /api/exports); below, the
 * user's reports with status, progress, rows, size and dates, to download again (the kit's download center).
 */
export default function ReportsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const checkDate = useCheckDate();
  const client = useQueryClient();
  const clients = useQuery(getStaffClientsQueryOptions());
  const [type, setType] = useState<ReportType>('payments');
  const [format, setFormat] = useState<ExportIn['format']>('xlsx');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [status, setStatus] = useState('');
  const [method, setMethod] = useState('');
  const [currency, setCurrency] = useState('');
  const [tenant, setTenant] = useState('');
  const [errors, setErrors] = useState<{ fields: Partial<Record<Field, string>>; general: string | null }>({ fields: {}, general: null });

  const translate = (code: string) =>
    ({
      date_range_reversed: intl.formatMessage(m.rangeReversed),
      date_range_too_long: intl.formatMessage(m.rangeTooLong),
      unknown_client: intl.formatMessage(m.unknownClient),
      invalid_choice: intl.formatMessage(m.invalidChoice),
    })[code];

  const generate = useMutation({
    mutationFn: () => {
      const filters: Record<string, unknown> = {};
      if (dateFrom) filters.date_from = dateFrom;
      if (dateTo) filters.date_to = dateTo;
      if (status) filters.status = [status];
      if (method) filters.method = [method];
      if (currency) filters.currency = [currency];
      if (tenant) filters.client = tenant;
      return api.post<ExportCreated>('/exports', { type, format, filters } satisfies ExportIn);
    },
    onSuccess: () => {
      setErrors({ fields: {}, general: null });
      void client.invalidateQueries({ queryKey: EXPORTS_KEY });
      appToaster.create({ type: 'info', title: intl.formatMessage(m.started) });
    },
    onError: (error) => setErrors(serverErrors(error, FIELD_MAP, { translate, fallback: intl.formatMessage(commonMessages.tryAgainLater) })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dates = { dateFrom: checkDate(dateFrom), dateTo: checkDate(dateTo) };
    if (dates.dateFrom || dates.dateTo) {
      setErrors({ fields: { ...(dates.dateFrom ? { dateFrom: dates.dateFrom } : {}), ...(dates.dateTo ? { dateTo: dates.dateTo } : {}) }, general: null });
      return;
    }
    generate.mutate();
  };
  const changeType = (value: string) => {
    const next = value === 'payouts' ? 'payouts' : 'payments';
    setType(next);
    if (!STATUSES[next].includes(status)) setStatus('');
    if (!METHODS[next].includes(method)) setMethod('');
  };
  const any = intl.formatMessage(m.any);
  const fieldError = errors.fields;

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.intro)}</Text>
      <Box borderWidth="1px" rounded="lg" bg="bg.panel" p="4" asChild>
        <form onSubmit={submit} aria-label={intl.formatMessage(m.form)} noValidate>
        <Heading as="h2" size="md" mb="3">
          {intl.formatMessage(m.form)}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="3">
          <SelectField
            label={intl.formatMessage(m.type)}
            value={type}
            onChange={changeType}
            error={fieldError.type}
            options={[
              { value: 'payments', label: intl.formatMessage(m.payments) },
              { value: 'payouts', label: intl.formatMessage(m.payouts) },
            ]}
          />
          <SelectField
            label={intl.formatMessage(m.format)}
            value={format}
            onChange={(value) => setFormat(value as ExportIn['format'])}
            error={fieldError.format}
            options={[
              { value: 'xlsx', label: intl.formatMessage(m.xlsx) },
              { value: 'csv', label: intl.formatMessage(m.csv) },
              { value: 'csv_br', label: intl.formatMessage(m.csvBr) },
            ]}
          />
          <DateField label={intl.formatMessage(m.from)} name="date_from" value={dateFrom} onChange={setDateFrom} error={fieldError.dateFrom} helper={intl.formatMessage(m.periodHelp)} />
          <DateField label={intl.formatMessage(m.to)} name="date_to" value={dateTo} onChange={setDateTo} error={fieldError.dateTo} />
          <SelectField
            label={intl.formatMessage(m.status)}
            value={status}
            onChange={setStatus}
            error={fieldError.status}
            placeholder={any}
            options={STATUSES[type].map((value) => ({ value, label: intl.formatMessage(m[`status.${value}` as keyof typeof m]) }))}
          />
          <SelectField
            label={intl.formatMessage(m.method)}
            value={method}
            onChange={setMethod}
            error={fieldError.method}
            placeholder={any}
            options={METHODS[type].map((value) => ({ value, label: intl.formatMessage(m[`method.${value}` as keyof typeof m]) }))}
          />
          <SelectField label={intl.formatMessage(m.currency)} value={currency} onChange={setCurrency} error={fieldError.currency} placeholder={any} options={CURRENCIES.map((value) => ({ value, label: value }))} />
          <SelectField
            label={intl.formatMessage(m.client)}
            value={tenant}
            onChange={setTenant}
            error={fieldError.client}
            placeholder={intl.formatMessage(m.allClients)}
            loading={clients.isPending}
            options={(clients.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
          />
        </SimpleGrid>
        {errors.general && (
          <Text role="alert" color="fg.error" fontSize="sm" mt="3">
            {errors.general}
          </Text>
        )}
        <Button type="submit" mt="4" colorPalette="blue" loading={generate.isPending}>
          {intl.formatMessage(m.generate)}
        </Button>
        </form>
      </Box>
      <Box as="section" aria-label={intl.formatMessage(m.downloads)}>
        <Heading as="h2" size="md" mb="3">
          {intl.formatMessage(m.downloads)}
        </Heading>
        <DownloadCenter />
      </Box>
    </Stack>
  );
}
