import { Box, Button, DataList, HStack, Heading, Image, Link, Skeleton, Stack, Table, Text, Timeline } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import type { DepositDetail } from '@/api/types';
import { CircleIcon } from '@/components/icons';
import { CopyField, DetailDrawer } from '@/components/kit';
import { paths } from '@/config/paths';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDocument } from '@/lib/documents';
import { money } from '@/lib/format';

import { getDepositQueryOptions } from '../api/get-deposit';
import { depositDocumentUrl } from '../api/get-deposit-document';
import { maskZipcode } from '../lib/address';
import { dateTime, day, formatTypedLine } from '../lib/display';
import { isRefundable } from '../lib/refund-action';
import { balanceMessages, depositsMessages as m, entryMessages, labelOf, methodMessages, statusMessages } from '../messages';
import { StatusBadge } from './status-badge';

/** A deposit that was paid has a receipt (GET /api/deposits/{id}/receipt). */
const PAID_STATUSES = new Set(['confirmed', 'paid_to_client', 'refunded']);

/** The client's own balances; the platform's side of an entry (fee revenue, the bank's clearing) is not theirs. */
const CLIENT_BALANCES = new Set(['available', 'pending', 'held']);

/**
 * The deposit's postings as its client reads them: movements of its own balances, each signed as the
 * balance changed (these are credit-normal accounts: a credit of the ledger is money in, shown +).
 */
export function balanceMovements(postings: DepositDetail['postings']) {
  return postings.filter((posting) => CLIENT_BALANCES.has(posting.kind)).map((posting) => ({ ...posting, effect: -posting.amount }));
}

type Props = {
  id: string | null;
  onClose: () => void;
  /** "Refund" in the drawer for a paid deposit (absent: the user may not refund here). */
  onRefund?: (deposit: DepositDetail) => void;
};

/** One deposit: every field, its status timeline and its ledger postings. Opened by `?deposit=<id>`. */
export function DepositDetailDrawer({ id, onClose, onRefund }: Props) {
  const intl = useIntl();
  return (
    <DetailDrawer open={Boolean(id)} title={id ? intl.formatMessage(m.detailTitle, { id }) : ''} onClose={onClose} size="lg">
      {id && <DetailBody id={id} onRefund={onRefund} />}
    </DetailDrawer>
  );
}

function DetailBody({ id, onRefund }: { id: string; onRefund?: (deposit: DepositDetail) => void }) {
  const intl = useIntl();
  const query = useQuery(getDepositQueryOptions(id));
  if (query.isPending) {
    return (
      <Stack gap="3" aria-busy="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} h="5" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Stack role="alert" gap="3" align="start">
        <Text fontWeight="semibold">{intl.formatMessage(commonMessages.depositsNotFound)}</Text>
        <Text color="fg.muted">{intl.formatMessage(commonMessages.tryAgainLater)}</Text>
        {!missing && (
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        )}
      </Stack>
    );
  }
  const deposit = query.data;
  const paid = PAID_STATUSES.has(deposit.status);
  return (
    <Stack gap="4">
      {(paid || (onRefund && isRefundable(deposit))) && (
        <HStack gap="2" wrap="wrap">
          {paid && (
            <Button asChild size="sm" variant="outline">
              <RouterLink to={paths.depositReceipt.getHref(deposit.id)}>{intl.formatMessage(m.receipt)}</RouterLink>
            </Button>
          )}
          {onRefund && isRefundable(deposit) && (
            <Button size="sm" colorPalette="red" variant="outline" onClick={() => onRefund(deposit)}>
              {intl.formatMessage(m.refund)}
            </Button>
          )}
        </HStack>
      )}
      <DepositDetailView deposit={deposit} />
    </Stack>
  );
}

export function DepositDetailView({ deposit }: { deposit: DepositDetail }) {
  const intl = useIntl();
  const { locale } = intl;
  const method = labelOf(methodMessages, deposit.method);
  const text = (value: ReturnType<typeof labelOf>) => (typeof value === 'string' ? value : intl.formatMessage(value));
  const translated = (map: Record<string, MessageDescriptor>, value: string) => text(labelOf(map, value));
  const signed = (amount: number, currency: string) => `${amount > 0 ? '+' : ''}${money(amount, currency, locale)}`;
  const movements = balanceMovements(deposit.postings);
  const address = deposit.address;
  const addressLine = [
    [address.street, address.number].filter(Boolean).join(', '),
    address.complement,
    address.neighborhood,
    [address.city, address.state].filter(Boolean).join(' - '),
    address.zipcode ? maskZipcode(address.zipcode) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const cur = deposit.currency;

  const rows: [string, ReactNode][] = [
    [intl.formatMessage(m.id), <Text as="span" fontFamily="mono">{deposit.id}</Text>],
    [intl.formatMessage(m.transactionId), deposit.provider_reference ? <Text as="span" fontFamily="mono">{deposit.provider_reference}</Text> : null],
    [intl.formatMessage(m.colType), text(method)],
    [intl.formatMessage(m.colStatus), <StatusBadge status={deposit.status} />],
    [intl.formatMessage(m.amount), money(deposit.amount, cur, locale)],
    [intl.formatMessage(m.colFee), money(deposit.fee, cur, locale)],
    [intl.formatMessage(m.net), money(deposit.net, cur, locale)],
    [intl.formatMessage(m.paidAmount), deposit.paid_amount === null ? null : money(deposit.paid_amount, cur, locale)],
    [intl.formatMessage(m.refundedAmount), deposit.refunded_amount ? money(deposit.refunded_amount, cur, locale) : null],
    [intl.formatMessage(m.currency), cur],
    [intl.formatMessage(m.payerName), deposit.payer_name],
    [intl.formatMessage(m.document), formatDocument(deposit.payer_document)],
    [intl.formatMessage(m.email), deposit.payer_email || null],
    [intl.formatMessage(m.address), addressLine || null],
    [intl.formatMessage(m.dueDate), deposit.due_date ? day(deposit.due_date, locale) : null],
    [intl.formatMessage(m.expiresAt), deposit.expires_at ? dateTime(deposit.expires_at, locale) : null],
    [intl.formatMessage(m.createdAt), dateTime(deposit.created_at, locale)],
    [intl.formatMessage(m.confirmedAt), deposit.confirmed_at ? dateTime(deposit.confirmed_at, locale) : null],
    [intl.formatMessage(m.settleOn), deposit.settle_on ? day(deposit.settle_on, locale) : null],
    [intl.formatMessage(m.settledAt), deposit.settled_at ? dateTime(deposit.settled_at, locale) : null],
    [intl.formatMessage(m.provider), deposit.provider_name || deposit.provider || null],
    [intl.formatMessage(m.description), deposit.description || null],
    [
      intl.formatMessage(m.cardLabel),
      deposit.card_last4 ? intl.formatMessage(m.cardValue, { brand: deposit.card_brand ?? '', last4: deposit.card_last4 }) : null,
    ],
    [intl.formatMessage(m.barcode), deposit.barcode ? <Text as="span" fontFamily="mono" wordBreak="break-all">{deposit.barcode}</Text> : null],
    [intl.formatMessage(m.txid), deposit.txid ? <Text as="span" fontFamily="mono">{deposit.txid}</Text> : null],
    [
      intl.formatMessage(m.wireInstructions),
      deposit.wire_instructions && Object.keys(deposit.wire_instructions).length > 0 ? (
        <Stack as="span" gap="0">
          {Object.entries(deposit.wire_instructions).map(([key, value]) => (
            <Text as="span" key={key}>
              {key}: {value}
            </Text>
          ))}
        </Stack>
      ) : null,
    ],
  ];

  return (
    <Stack gap="8">
      <Box as="section" aria-labelledby="deposit-fields">
        <Heading as="h3" size="md" id="deposit-fields" mb="3">
          {intl.formatMessage(m.detailFields)}
        </Heading>
        <DataList.Root orientation="horizontal" size="sm">
          {rows
            .filter(([, value]) => value !== null && value !== '')
            .map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
        </DataList.Root>
      </Box>

      {(deposit.typed_line || deposit.brcode) && (
        <Stack gap="4">
          {deposit.typed_line && <CopyField label={intl.formatMessage(m.typedLine)} copyLabel={intl.formatMessage(m.copyTypedLine)} value={deposit.typed_line} display={formatTypedLine(deposit.typed_line)} />}
          {deposit.method === 'pix' && deposit.brcode && (
            <>
              <Box alignSelf="start" bg="white" p="2" rounded="md" borderWidth="1px">
                <Image src={depositDocumentUrl(deposit.id)} alt={intl.formatMessage(m.qrCode)} width="180px" height="180px" />
              </Box>
              <CopyField label={intl.formatMessage(m.brCode)} copyLabel={intl.formatMessage(m.copyBrCode)} value={deposit.brcode} />
            </>
          )}
          {deposit.method === 'billet' && (
            <Link href={depositDocumentUrl(deposit.id)} target="_blank" rel="noopener noreferrer" colorPalette="blue" color="colorPalette.fg">
              {intl.formatMessage(m.openBillet)}
            </Link>
          )}
        </Stack>
      )}

      <Box as="section" aria-labelledby="deposit-timeline">
        <Heading as="h3" size="md" id="deposit-timeline" mb="3">
          {intl.formatMessage(m.timeline)}
        </Heading>
        {deposit.events.length === 0 ? (
          <Text color="fg.muted">{intl.formatMessage(m.noEvents)}</Text>
        ) : (
          <Timeline.Root size="sm" as="ol">
            {deposit.events.map((event, index) => {
              const to = text(labelOf(statusMessages, event.to_status));
              const from = event.from_status ? text(labelOf(statusMessages, event.from_status)) : '';
              return (
                <Timeline.Item key={`${event.at}-${index}`} as="li">
                  <Timeline.Connector>
                    <Timeline.Separator />
                    <Timeline.Indicator>
                      <CircleIcon />
                    </Timeline.Indicator>
                  </Timeline.Connector>
                  <Timeline.Content>
                    <Timeline.Title>{from ? intl.formatMessage(m.eventChanged, { from, to }) : intl.formatMessage(m.eventCreated, { to })}</Timeline.Title>
                    <Timeline.Description>
                      {dateTime(event.at, locale)} · {intl.formatMessage(m.eventSource, { source: event.source })}
                    </Timeline.Description>
                    {event.note && <Text fontSize="sm">{event.note}</Text>}
                  </Timeline.Content>
                </Timeline.Item>
              );
            })}
          </Timeline.Root>
        )}
      </Box>

      <Box as="section" aria-labelledby="deposit-postings">
        <Heading as="h3" size="md" id="deposit-postings" mb="3">
          {intl.formatMessage(m.postings)}
        </Heading>
        {movements.length === 0 ? (
          <Text color="fg.muted">{intl.formatMessage(m.noPostings)}</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Caption srOnly>{intl.formatMessage(m.postings)}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{intl.formatMessage(m.postingEntry)}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{intl.formatMessage(m.postingKind)}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col" textAlign="end">
                    {intl.formatMessage(m.postingAmount)}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{intl.formatMessage(m.postingAt)}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {movements.map((movement, index) => (
                  <Table.Row key={`${movement.entry}-${movement.kind}-${index}`}>
                    <Table.Cell>{translated(entryMessages, movement.entry)}</Table.Cell>
                    <Table.Cell>{translated(balanceMessages, movement.kind)}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap" color={movement.effect < 0 ? 'fg.error' : 'fg.success'}>
                      {signed(movement.effect, movement.currency)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{dateTime(movement.at, locale)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Box>
    </Stack>
  );
}
