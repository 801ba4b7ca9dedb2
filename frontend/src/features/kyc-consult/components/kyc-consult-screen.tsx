import { Alert, Badge, Box, Button, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import type { KycConsult } from '@/api/types';
import { TextField } from '@/components/kit/form-fields';
import { RouteHeader } from '@/components/route-header';
import { isApiError } from '@/lib/api-client';
import { type DocumentError, formatDocument, validateDocument } from '@/lib/documents';
import { formatDate, formatDateTime, money } from '@/lib/format';

import { getKycConsultQueryOptions } from '../api/kyc';
import { kycMessages as m } from '../messages';

const DOCUMENT_PARAM = 'document';
const ERROR_MESSAGES: Record<DocumentError, typeof m.invalidCpf> = { invalid_cpf: m.invalidCpf, invalid_cnpj: m.invalidCnpj, invalid_document: m.invalidDocument };
const KIND_MESSAGES = { deposit: m.kindDeposit, payout: m.kindPayout, refund: m.kindRefund };
const RULE_MESSAGES: Record<string, typeof m.ruleBurst> = { burst: m.ruleBurst, night_pix: m.ruleNightPix };
const STATUS_MESSAGES: Record<string, typeof m.statusOpen> = { open: m.statusOpen, acknowledged: m.statusAcknowledged };
type Kind = keyof typeof KIND_MESSAGES;

function label(intl: IntlShape, messages: Record<string, typeof m.statusOpen>, key: string): string {
  const message = messages[key];
  return message ? intl.formatMessage(message) : key;
}

const when = (iso: string, intl: IntlShape) => formatDateTime(Math.floor(Date.parse(iso) / 1000), intl.locale);

/** client/kyc-consult: a CPF/CNPJ looked up across the clients the user may see (staff: all; a partner: its own). */
export default function KycConsultScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const current = params.get(DOCUMENT_PARAM) ?? '';
  const [text, setText] = useState(current ? formatDocument(current) : '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateDocument(text);
    if (!checked.ok) {
      setError(intl.formatMessage(ERROR_MESSAGES[checked.error]));
      return;
    }
    setError(null);
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(DOCUMENT_PARAM, checked.value);
      return next;
    });
  };
  return (
    <Stack gap="4">
      <RouteHeader route={route} homeHref={homeHref} />
      <Text color="fg.muted">{intl.formatMessage(m.intro)}</Text>
      <form onSubmit={submit} noValidate>
        <HStack align="end" gap="3" maxW="lg">
          <Box flex="1">
            <TextField
              label={intl.formatMessage(m.field)}
              value={text}
              onChange={(value) => {
                setText(value);
                setError(null);
              }}
              error={error}
              maxLength={20}
              inputMode="text"
              autoComplete="off"
            />
          </Box>
          <Button type="submit" colorPalette="blue" mb={error ? '6' : '0'}>
            {intl.formatMessage(m.submit)}
          </Button>
        </HStack>
      </form>
      {current && <Result document={current} />}
    </Stack>
  );
}

function Result({ document }: { document: string }) {
  const intl = useIntl();
  const query = useQuery(getKycConsultQueryOptions(document));
  if (query.isPending) return <Text color="fg.muted">{intl.formatMessage(m.loading)}</Text>;
  if (query.isError) {
    const failure = query.error;
    const code = isApiError(failure) ? failure.fields?.document : undefined;
    const text = code && code in ERROR_MESSAGES ? intl.formatMessage(ERROR_MESSAGES[code as DocumentError]) : isApiError(failure) && failure.status < 500 && failure.status > 0 ? failure.message : intl.formatMessage(m.loadError);
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{text}</Alert.Title>
      </Alert.Root>
    );
  }
  const data = query.data;
  return (
    <Stack gap="5" data-kyc-result={data.document}>
      <Stack gap="1">
        <Heading size="md">{intl.formatMessage(m.result, { document: formatDocument(data.document) })}</Heading>
        <Text>{intl.formatMessage(data.kind === 'cpf' ? m.kindCpf : m.kindCnpj)}</Text>
        <Text color="fg.muted">
          {data.first_seen_at && data.last_seen_at ? intl.formatMessage(m.seen, { first: when(data.first_seen_at, intl), last: when(data.last_seen_at, intl) }) : intl.formatMessage(m.notSeen)}
        </Text>
      </Stack>
      {data.clients.length > 0 && <Clients data={data} />}
      {data.clients.length > 0 && <Totals data={data} />}
      <Restrictions data={data} />
      <Alerts data={data} />
    </Stack>
  );
}

function figureText(data: KycConsult['clients'][number], kind: Kind, intl: IntlShape): string {
  const rows = data.figures.filter((f) => f.kind === kind);
  if (rows.length === 0) return '—';
  return rows.map((f) => intl.formatMessage(m.figure, { count: intl.formatNumber(f.count), settled: money(f.settled, f.currency, intl.locale) })).join(' / ');
}

function Clients({ data }: { data: KycConsult }) {
  const intl = useIntl();
  return (
    <Stack gap="2">
      <Heading size="sm">{intl.formatMessage(m.clients)}</Heading>
      <Table.Root size="sm" aria-label={intl.formatMessage(m.clientsTable)}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage(m.colClient)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colDeposits)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colPayouts)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colRefunds)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colFirst)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colLast)}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.clients.map((c) => (
            <Table.Row key={c.client.slug} data-client={c.client.slug}>
              <Table.Cell>{c.client.name}</Table.Cell>
              <Table.Cell textAlign="end">{figureText(c, 'deposit', intl)}</Table.Cell>
              <Table.Cell textAlign="end">{figureText(c, 'payout', intl)}</Table.Cell>
              <Table.Cell textAlign="end">{figureText(c, 'refund', intl)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{c.first_seen_at ? when(c.first_seen_at, intl) : '—'}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{c.last_seen_at ? when(c.last_seen_at, intl) : '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

function Totals({ data }: { data: KycConsult }) {
  const intl = useIntl();
  const sums = new Map<string, { kind: Kind; currency: string; count: number; settled: number }>();
  for (const client of data.clients) {
    for (const f of client.figures) {
      const key = `${f.kind}:${f.currency}`;
      const sum = sums.get(key) ?? { kind: f.kind, currency: f.currency, count: 0, settled: 0 };
      sums.set(key, { ...sum, count: sum.count + f.count, settled: sum.settled + f.settled });
    }
  }
  return (
    <Stack gap="1">
      <Heading size="sm">{intl.formatMessage(m.totals)}</Heading>
      {[...sums.values()].map((s) => (
        <Text key={`${s.kind}:${s.currency}`} fontSize="sm">
          {intl.formatMessage(m.totalLine, { kind: intl.formatMessage(KIND_MESSAGES[s.kind]), count: s.count, settled: money(s.settled, s.currency, intl.locale) })}
        </Text>
      ))}
    </Stack>
  );
}

function Restrictions({ data }: { data: KycConsult }) {
  const intl = useIntl();
  return (
    <Stack gap="2">
      <Heading size="sm">{intl.formatMessage(m.restrictions)}</Heading>
      {data.restrictions.length === 0 && <Text color="fg.muted">{intl.formatMessage(m.noRestrictions)}</Text>}
      {data.restrictions.map((r) => (
        <HStack key={r.id} gap="2" data-restriction={r.id} wrap="wrap">
          <Badge colorPalette="red">{r.client ? r.client.name : intl.formatMessage(m.restrictionPlatform)}</Badge>
          <Text>{r.reason}</Text>
          {r.expires_at && <Text color="fg.muted">{intl.formatMessage(m.restrictionUntil, { date: formatDate(r.expires_at, intl.locale) })}</Text>}
        </HStack>
      ))}
    </Stack>
  );
}

function Alerts({ data }: { data: KycConsult }) {
  const intl = useIntl();
  return (
    <Stack gap="2">
      <Heading size="sm">{intl.formatMessage(m.alerts)}</Heading>
      {data.alerts.length === 0 && <Text color="fg.muted">{intl.formatMessage(m.noAlerts)}</Text>}
      {data.alerts.map((a) => (
        <Text key={a.id} data-alert={a.id}>
          {intl.formatMessage(m.alertLine, {
            client: a.client.name,
            rule: label(intl, RULE_MESSAGES, a.rule),
            status: label(intl, STATUS_MESSAGES, a.status),
            hits: a.hits,
            date: when(a.created_at, intl),
          })}
        </Text>
      ))}
    </Stack>
  );
}
