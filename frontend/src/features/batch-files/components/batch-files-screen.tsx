import { Alert, Badge, Box, Button, Code, Field, Flex, Heading, Link, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import type { BatchFile, BatchFileDetail, BatchItem, BatchOccurrence, BatchReturnLine, SimulatedReturnOutcome } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { DataGrid, type GridColumn } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { TenantScopeSelect } from '@/components/tenant-scope-select';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { formatDateTime, money } from '@/lib/format';

import {
  type BatchKind,
  downloadUrl,
  getBatchFileQueryOptions,
  getBatchFilesQueryOptions,
  getBatchProvidersQueryOptions,
  useGenerateRemittance,
  useSimulateReturn,
  useUploadReturn,
} from '../api/batch-files';
import { batchMessages as m } from '../messages';

type Outcome = keyof typeof PALETTE;
const PALETTE = {
  sent: 'blue',
  processing: 'orange',
  confirmed: 'green',
  rejected: 'red',
  already_applied: 'gray',
  stale: 'gray',
  unknown_reference: 'red',
  duplicate: 'orange',
  amount_mismatch: 'red',
} as const;

function OutcomeBadge({ value }: { value: string }) {
  const intl = useIntl();
  const known = value in PALETTE ? (value as Outcome) : null;
  return <Badge colorPalette={known ? PALETTE[known] : 'gray'}>{known ? intl.formatMessage(m[known]) : value}</Badge>;
}

/**
 * The bank's occurrence codes of a line (up to five), each with what the FEBRABAN table says of it in
 * the reader's language (the API describes them; an unknown code says so).
 */
function Occurrences({ list }: { list: BatchOccurrence[] }) {
  const intl = useIntl();
  if (list.length === 0) return null;
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" aria-label={intl.formatMessage(m.occurrences)} data-testid="occurrences">
      {list.map((item, index) => (
        <Box as="li" key={`${item.code}-${index}`} fontSize="xs" color={item.known ? 'fg.muted' : 'fg.warning'} title={intl.formatMessage(m.occurrence, { code: item.code, label: item.label })} data-code={item.code}>
          <Code size="sm" me="1">
            {item.code}
          </Code>
          {item.label}
        </Box>
      ))}
    </Stack>
  );
}

function ResultCell({ value, occurrences }: { value: string; occurrences: BatchOccurrence[] }) {
  return (
    <Stack gap="1" align="flex-start">
      <OutcomeBadge value={value} />
      <Occurrences list={occurrences} />
    </Stack>
  );
}

/**
 * admin/batch-files (section 2, "Batch files"): CNAB 240 payouts by file. Generate a remittance of a
 * bank's approved withdrawals (one client's, or every client's) and download it; load the bank's
 * return file and see each line confirmed or rejected; tabs for remittances and returns.
 */
export default function BatchFilesScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const [tab, setTab] = useState<BatchKind>('remittance');
  const [openId, setOpenId] = useState<string | null>(null);
  const show = (kind: BatchKind, id: string) => {
    setTab(kind);
    setOpenId(id);
  };
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted" fontSize="sm">
        {intl.formatMessage(m.intro)}
      </Text>
      <Tabs.Root value={tab} onValueChange={(details) => { setTab(details.value as BatchKind); setOpenId(null); }} variant="line">
        <Tabs.List aria-label={intl.formatMessage(m.tabs)}>
          <Tabs.Trigger value="remittance">{intl.formatMessage(m.tabRemittances)}</Tabs.Trigger>
          <Tabs.Trigger value="return">{intl.formatMessage(m.tabReturns)}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="remittance">
          <Stack gap="4">
            {writable && <GenerateForm onDone={(id) => show('remittance', id)} />}
            {openId && tab === 'remittance' && <BatchDetail id={openId} onClose={() => setOpenId(null)} onSimulated={(id) => show('return', id)} writable={writable} />}
            <BatchList kind="remittance" onOpen={setOpenId} />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="return">
          <Stack gap="4">
            {writable && <ReturnForm onDone={(id) => show('return', id)} />}
            {openId && tab === 'return' && <BatchDetail id={openId} onClose={() => setOpenId(null)} onSimulated={(id) => show('return', id)} writable={writable} />}
            <BatchList kind="return" onOpen={setOpenId} />
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
      <AppToaster />
    </Stack>
  );
}

function ProviderSelect({ value, onChange, invalid, name }: { value: string; onChange: (value: string) => void; invalid: boolean; name: string }) {
  const intl = useIntl();
  const providers = useQuery(getBatchProvidersQueryOptions());
  return (
    <Field.Root maxW="xs" invalid={invalid} required>
      <Field.Label>{intl.formatMessage(m.provider)}</Field.Label>
      <NativeSelect.Root disabled={providers.isPending}>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{intl.formatMessage(m.chooseProvider)}</option>
          {providers.data?.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{intl.formatMessage(m.providerRequired)}</Field.ErrorText>
    </Field.Root>
  );
}

function ErrorAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

function GenerateForm({ onDone }: { onDone: (id: string) => void }) {
  const intl = useIntl();
  const clients = useQuery(getStaffClientsQueryOptions());
  const generate = useGenerateRemittance();
  const [provider, setProvider] = useState('');
  const [client, setClient] = useState('');
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setMissing(!provider);
    if (!provider) return;
    generate.mutate(
      { provider, ...(client ? { client } : {}) },
      {
        onSuccess: (detail) => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.generated) });
          onDone(detail.id);
        },
        onError: (failure) => setError(isApiError(failure) ? failure.message : intl.formatMessage(m.actionError)),
      },
    );
  };
  return (
    <Stack gap="3">
      <Flex asChild gap="3" align="flex-start" wrap="wrap">
        <form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.generate)}>
          <ProviderSelect name="remittance_provider" value={provider} onChange={(v) => { setProvider(v); setMissing(false); }} invalid={missing} />
          <TenantScopeSelect
            label={intl.formatMessage(m.client)}
            name="remittance_client"
            value={client}
            onChange={setClient}
            options={[{ value: '', label: intl.formatMessage(m.allClients) }]}
            clients={clients.data}
            hint={intl.formatMessage(m.clientHint)}
          />
          <Button type="submit" colorPalette="blue" mt={{ base: 0, sm: '6' }} loading={generate.isPending}>
            {intl.formatMessage(m.generate)}
          </Button>
        </form>
      </Flex>
      <ErrorAlert text={error} />
    </Stack>
  );
}

function ReturnForm({ onDone }: { onDone: (id: string) => void }) {
  const intl = useIntl();
  const upload = useUploadReturn();
  const input = useRef<HTMLInputElement>(null);
  const [provider, setProvider] = useState('');
  const [missing, setMissing] = useState<'provider' | 'file' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const file = input.current?.files?.[0];
    if (!provider) return setMissing('provider');
    if (!file) return setMissing('file');
    setMissing(null);
    upload.mutate(
      { provider, file },
      {
        onSuccess: (detail) => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.uploaded) });
          if (input.current) input.current.value = '';
          onDone(detail.id);
        },
        onError: (failure) => setError(isApiError(failure) ? failure.message : intl.formatMessage(m.actionError)),
      },
    );
  };
  return (
    <Stack gap="3">
      <Flex asChild gap="3" align="flex-start" wrap="wrap">
        <form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.upload)}>
          <ProviderSelect name="return_provider" value={provider} onChange={(v) => { setProvider(v); setMissing(null); }} invalid={missing === 'provider'} />
          <Field.Root maxW="sm" invalid={missing === 'file'} required>
            <Field.Label>{intl.formatMessage(m.returnFile)}</Field.Label>
            <input ref={input} type="file" name="return_file" accept=".ret,.txt,text/plain" aria-label={intl.formatMessage(m.returnFile)} onChange={() => setMissing(null)} />
            <Field.ErrorText>{intl.formatMessage(m.fileRequired)}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="blue" mt={{ base: 0, sm: '6' }} loading={upload.isPending}>
            {intl.formatMessage(m.upload)}
          </Button>
        </form>
      </Flex>
      <ErrorAlert text={error} />
    </Stack>
  );
}

function itemColumns(intl: IntlShape, currency: string): GridColumn<BatchItem>[] {
  return [
    { key: 'line', header: intl.formatMessage(m.line), priority: 2, numeric: true, cell: (row) => row.line },
    { key: 'name', header: intl.formatMessage(m.name), priority: 1, card: 'title', cell: (row) => row.name },
    { key: 'client', header: intl.formatMessage(m.client), priority: 2, cell: (row) => row.client },
    { key: 'bank', header: intl.formatMessage(m.bank), priority: 3, cell: (row) => row.bank },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, card: 'amount', numeric: true, cell: (row) => money(row.amount, currency, intl.locale) },
    { key: 'status', header: intl.formatMessage(m.result), priority: 1, card: 'status', cell: (row) => <ResultCell value={row.status} occurrences={row.occurrence_list} /> },
  ];
}

function lineColumns(intl: IntlShape, currency: string): GridColumn<BatchReturnLine>[] {
  return [
    { key: 'line', header: intl.formatMessage(m.line), priority: 2, numeric: true, cell: (row) => row.line },
    { key: 'name', header: intl.formatMessage(m.name), priority: 1, card: 'title', cell: (row) => row.name || row.reference },
    { key: 'client', header: intl.formatMessage(m.client), priority: 2, cell: (row) => row.client },
    { key: 'amount', header: intl.formatMessage(m.amount), priority: 1, card: 'amount', numeric: true, cell: (row) => money(row.amount, currency, intl.locale) },
    {
      key: 'outcome',
      header: intl.formatMessage(m.result),
      priority: 1,
      card: 'status',
      cell: (row) => <ResultCell value={row.outcome} occurrences={row.occurrence_list} />,
    },
  ];
}

const OUTCOMES: SimulatedReturnOutcome[] = ['all_paid', 'some_rejected', 'all_rejected', 'scheduled'];

/** A test bank's remittance: the bank answers it with its return file, read at once (sandbox only). */
function SimulateReturnForm({ detail, onDone }: { detail: BatchFileDetail; onDone: (id: string) => void }) {
  const intl = useIntl();
  const simulate = useSimulateReturn();
  const [outcome, setOutcome] = useState<SimulatedReturnOutcome>('all_paid');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    simulate.mutate(
      { id: detail.id, outcome },
      {
        onSuccess: (answer) => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.simulated) });
          onDone(answer.id);
        },
        onError: (failure) => setError(isApiError(failure) ? failure.message : intl.formatMessage(m.actionError)),
      },
    );
  };
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3">
      <Heading as="h4" size="sm">
        {intl.formatMessage(m.simulateTitle)}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {intl.formatMessage(m.simulateHint)}
      </Text>
      <Flex asChild gap="3" align="flex-start" wrap="wrap">
        <form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.simulate)}>
          <Field.Root maxW="xs">
            <Field.Label>{intl.formatMessage(m.simulateOutcome)}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="simulated_outcome" value={outcome} onChange={(e) => setOutcome(e.currentTarget.value as SimulatedReturnOutcome)}>
                {OUTCOMES.map((value) => (
                  <option key={value} value={value}>
                    {intl.formatMessage(m[`outcome_${value}`])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit" colorPalette="blue" variant="outline" mt={{ base: 0, sm: '6' }} loading={simulate.isPending}>
            {intl.formatMessage(m.simulate)}
          </Button>
        </form>
      </Flex>
      <ErrorAlert text={error} />
    </Stack>
  );
}

function BatchDetail({ id, onClose, onSimulated, writable }: { id: string; onClose: () => void; onSimulated: (id: string) => void; writable: boolean }) {
  const intl = useIntl();
  const query = useQuery(getBatchFileQueryOptions(id, intl.locale));
  const providers = useQuery(getBatchProvidersQueryOptions());
  const detail = query.data;
  if (!detail) return null;
  const amount = money(detail.amount, detail.currency, intl.locale);
  const simulates = writable && detail.kind === 'remittance' && Boolean(providers.data?.find((p) => p.code === detail.provider)?.simulates_returns);
  const caption = intl.formatMessage(m.details, { name: detail.file_name });
  return (
    <Stack gap="3" borderWidth="1px" rounded="lg" p="4" bg="bg.panel" data-batch={detail.id} data-kind={detail.kind}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h3" size="md">
          {detail.file_name}
        </Heading>
        <Flex gap="2">
          <Link href={downloadUrl(detail)} download colorPalette="blue" color="colorPalette.fg" fontSize="sm">
            {intl.formatMessage(m.download)}
          </Link>
          <Button size="sm" variant="ghost" onClick={onClose}>
            {intl.formatMessage(m.close)}
          </Button>
        </Flex>
      </Flex>
      <Text fontSize="sm" data-testid="batch-summary">
        {intl.formatMessage(m.summary, { lines: detail.lines, amount })}
      </Text>
      {detail.duplicate_of && (
        <Text fontSize="sm" role="status">
          {intl.formatMessage(m.duplicateOf, { id: detail.duplicate_of })}
        </Text>
      )}
      {detail.kind === 'remittance' ? (
        <DataGrid caption={caption} columns={itemColumns(intl, detail.currency)} rows={detail.items} rowKey={(row) => row.reference} rowAttributes={(row) => ({ 'data-reference': row.reference, 'data-status': row.status })} />
      ) : (
        <DataGrid caption={caption} columns={lineColumns(intl, detail.currency)} rows={detail.results} rowKey={(row) => String(row.line)} rowAttributes={(row) => ({ 'data-reference': row.reference, 'data-outcome': row.outcome })} />
      )}
      {simulates && <SimulateReturnForm detail={detail} onDone={onSimulated} />}
    </Stack>
  );
}

function BatchList({ kind, onOpen }: { kind: BatchKind; onOpen: (id: string) => void }) {
  const intl = useIntl();
  const query = useQuery(getBatchFilesQueryOptions(kind));
  const columns: GridColumn<BatchFile>[] = [
    {
      key: 'file',
      header: intl.formatMessage(m.file),
      priority: 1,
      card: 'title',
      cell: (row) => (
        <Button variant="plain" size="xs" px="0" colorPalette="blue" color="colorPalette.fg" onClick={() => onOpen(row.id)} aria-label={intl.formatMessage(m.open, { name: row.file_name })}>
          {row.file_name}
        </Button>
      ),
    },
    { key: 'created', header: intl.formatMessage(m.created), priority: 2, card: 'date', nowrap: true, cell: (row) => formatDateTime(Math.floor(Date.parse(row.created_at) / 1000), intl.locale) },
    { key: 'provider', header: intl.formatMessage(m.provider), priority: 3, cell: (row) => row.provider },
    { key: 'client', header: intl.formatMessage(m.client), priority: 3, cell: (row) => row.client ?? intl.formatMessage(m.allClients) },
    { key: 'lines', header: intl.formatMessage(m.lines), priority: 2, numeric: true, cell: (row) => row.lines },
    { key: 'amount', header: intl.formatMessage(m.total), priority: 1, card: 'amount', numeric: true, cell: (row) => money(row.amount, row.currency, intl.locale) },
    {
      key: 'download',
      header: intl.formatMessage(m.download),
      priority: 2,
      cell: (row) => (
        <Link href={downloadUrl(row)} download colorPalette="blue" color="colorPalette.fg" fontSize="sm">
          {intl.formatMessage(m.download)}
        </Link>
      ),
    },
  ];
  if (query.isError) return <ErrorAlert text={intl.formatMessage(m.loadError)} />;
  if (query.data && query.data.items.length === 0) return <Text color="fg.muted">{intl.formatMessage(m.empty)}</Text>;
  return <DataGrid caption={intl.formatMessage(m.list)} columns={columns} rows={query.data?.items} rowKey={(row) => row.id} rowAttributes={(row) => ({ 'data-batch-row': row.id })} busy={query.isFetching} />;
}
