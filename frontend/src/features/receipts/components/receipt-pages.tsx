import { Box, Heading, Link, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import type { DepositReceipt, SettlementReceipt } from '@/api/types';
import { AuthenticationCode, DocumentFields, DocumentHeading, PrintablePage, brasiliaDateTime } from '@/components/printable';
import { absoluteHref, paths } from '@/config/paths';
import { formatDocument } from '@/lib/documents';
import { formatDate, money } from '@/lib/format';

import { getDepositReceiptQueryOptions, getSettlementReceiptQueryOptions } from '../api/receipts';
import { receiptMessages as m, methodMessages, statusMessages } from '../messages';

function useLabel() {
  const intl = useIntl();
  return (map: Record<string, MessageDescriptor>, value: string) => {
    const descriptor = Object.hasOwn(map, value) ? map[value] : undefined;
    return descriptor ? intl.formatMessage(descriptor) : value;
  };
}

const mono = (value: string) => (
  <Text as="span" fontFamily="mono" wordBreak="break-all">
    {value}
  </Text>
);

/** Where a staff member came from: the client's transactions on the staff screen. */
function staffBack(client: string) {
  return `/employee/transactions?tenant=${encodeURIComponent(client)}`;
}

/** /receipts/deposits/:id: the printable receipt of a paid deposit (`client`: a staff member's view). */
export function DepositReceiptPage({ id, client }: { id: string; client?: string }) {
  const intl = useIntl();
  const query = useQuery(getDepositReceiptQueryOptions(id, client));
  return (
    <PrintablePage backHref={client ? staffBack(client) : paths.deposits.getHref(id)} query={query} label={intl.formatMessage(m.depositLabel, { id })}>
      {query.data && <DepositReceiptBody receipt={query.data} client={client} />}
    </PrintablePage>
  );
}

function DepositReceiptBody({ receipt: r, client }: { receipt: DepositReceipt; client?: string }) {
  const intl = useIntl();
  const label = useLabel();
  const { locale } = intl;
  const cash = (cents: number) => money(cents, r.currency, locale);
  return (
    <>
      <DocumentHeading title={intl.formatMessage(m.depositTitle)} company={r.company.name} issuedAt={r.issued_at} logoUrl={r.company.logo_url} />
      <Box textAlign="center" mb="6">
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(m.amount)}
        </Text>
        <Text fontSize="3xl" fontWeight="bold" data-receipt-amount="">
          {cash(r.amount)}
        </Text>
      </Box>
      <DocumentFields
        rows={[
          [intl.formatMessage(m.company), r.company.name],
          [intl.formatMessage(m.payer), r.payer.name],
          [intl.formatMessage(m.document), formatDocument(r.payer.document)],
          [intl.formatMessage(m.email), r.payer.email],
          [intl.formatMessage(m.method), label(methodMessages, r.method)],
          [intl.formatMessage(m.currency), r.currency],
          [intl.formatMessage(m.status), label(statusMessages, r.status)],
          [intl.formatMessage(m.fee), cash(r.fee)],
          [intl.formatMessage(m.net), cash(r.net)],
          [intl.formatMessage(m.refunded), r.refunded_amount ? cash(r.refunded_amount) : null],
          [intl.formatMessage(m.description), r.description],
          [intl.formatMessage(m.createdAt), brasiliaDateTime(r.created_at, locale)],
          [intl.formatMessage(m.paidAt), brasiliaDateTime(r.confirmed_at, locale)],
          [intl.formatMessage(m.dueDate), r.due_date ? formatDate(r.due_date, locale) : null],
          [intl.formatMessage(m.settleOn), r.settle_on ? formatDate(r.settle_on, locale) : null],
          [intl.formatMessage(m.settledAt), r.settled_at ? brasiliaDateTime(r.settled_at, locale) : null],
          [intl.formatMessage(m.id), mono(r.id)],
          [intl.formatMessage(m.transactionId), r.provider_reference ? mono(r.provider_reference) : null],
          [intl.formatMessage(m.txid), r.txid ? mono(r.txid) : null],
          [
            intl.formatMessage(m.settlementId),
            r.settlement_id ? (
              <Link asChild>
                <RouterLink to={paths.settlementReceipt.getHref(r.settlement_id, client)}>{mono(r.settlement_id)}</RouterLink>
              </Link>
            ) : null,
          ],
        ]}
      />
      <Text mt="4" fontSize="xs" color="fg.muted">
        {intl.formatMessage(m.timeZone)}
      </Text>
      <AuthenticationCode code={r.authentication_code} verifyUrl={verifyUrl(r.authentication_code)} />
    </>
  );
}

/** /receipts/settlements/:id: the printable receipt of a settlement with its payments (`client`: staff). */
export function SettlementReceiptPage({ id, client }: { id: string; client?: string }) {
  const intl = useIntl();
  const query = useQuery(getSettlementReceiptQueryOptions(id, client));
  return (
    <PrintablePage backHref={client ? staffBack(client) : `/clients/consolidation?settlement=${encodeURIComponent(id)}`} query={query} label={intl.formatMessage(m.settlementLabel, { id })}>
      {query.data && <SettlementReceiptBody receipt={query.data} />}
    </PrintablePage>
  );
}

function SettlementReceiptBody({ receipt: r }: { receipt: SettlementReceipt }) {
  const intl = useIntl();
  const label = useLabel();
  const { locale } = intl;
  const cash = (cents: number) => money(cents, r.currency, locale);
  return (
    <>
      <DocumentHeading title={intl.formatMessage(m.settlementTitle)} company={r.company.name} issuedAt={r.issued_at} logoUrl={r.company.logo_url} />
      <Box textAlign="center" mb="6">
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(m.credit)}
        </Text>
        <Text fontSize="3xl" fontWeight="bold" data-receipt-amount="">
          {cash(r.net)}
        </Text>
      </Box>
      <DocumentFields
        rows={[
          [intl.formatMessage(m.company), r.company.name],
          [intl.formatMessage(m.settlementDate), formatDate(r.date, locale)],
          [intl.formatMessage(m.method), label(methodMessages, r.method)],
          [intl.formatMessage(m.currency), r.currency],
          [intl.formatMessage(m.count), intl.formatNumber(r.count)],
          [intl.formatMessage(m.gross), cash(r.gross)],
          [intl.formatMessage(m.fee), cash(r.fee)],
          [intl.formatMessage(m.credit), cash(r.net)],
          [intl.formatMessage(m.settlementId), mono(r.id)],
        ]}
      />
      <Heading as="h2" size="sm" mt="6" mb="2">
        {intl.formatMessage(m.payments)}
      </Heading>
      <Table.Root size="sm" aria-label={intl.formatMessage(m.payments)}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage(m.colPayment)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.colPayer)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colAmount)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colFee)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colNet)}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {r.deposits.map((d) => (
            <Table.Row key={d.id} data-deposit={d.id}>
              <Table.Cell fontFamily="mono" fontSize="xs">
                {d.id}
              </Table.Cell>
              <Table.Cell>
                {d.payer_name}
                <Text as="span" display="block" fontSize="xs" color="fg.muted">
                  {formatDocument(d.payer_document)}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end">{cash(d.amount)}</Table.Cell>
              <Table.Cell textAlign="end">{cash(d.fee)}</Table.Cell>
              <Table.Cell textAlign="end">{cash(d.net)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {r.deposits_truncated && (
        <Text mt="2" fontSize="sm" color="fg.muted">
          {intl.formatMessage(m.truncated, { shown: r.deposits.length, count: r.count })}
        </Text>
      )}
      <AuthenticationCode code={r.authentication_code} verifyUrl={verifyUrl(r.authentication_code)} />
    </>
  );
}

/** The public verifier's address for a code, as printed on the receipt. */
function verifyUrl(code: string): string {
  return `${window.location.origin}${absoluteHref(paths.receiptVerify.getHref(code))}`;
}
