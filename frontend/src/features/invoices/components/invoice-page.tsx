import { Box, Heading, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';

import type { InvoiceDetail } from '@/api/types';
import { DocumentFields, DocumentHeading, PrintablePage } from '@/components/printable';
import { paths } from '@/config/paths';
import { formatDate, money } from '@/lib/format';

import { getInvoiceQueryOptions } from '../api/invoices';
import { monthLabel } from '../lib/list';
import { kindMessages, invoicesMessages as m, methodMessages } from '../messages';
import { InvoiceStatus } from './invoices-screen';

/** /admin/invoices/:number: one invoice, printable. */
export default function InvoicePage({ number }: { number: string }) {
  const intl = useIntl();
  const query = useQuery(getInvoiceQueryOptions(number));
  const back = query.data ? `${paths.invoices.getHref()}?month=${query.data.month}` : paths.invoices.getHref();
  return (
    <PrintablePage backHref={back} query={query} label={intl.formatMessage(m.label, { number })}>
      {query.data && <InvoiceBody invoice={query.data} />}
    </PrintablePage>
  );
}

function InvoiceBody({ invoice: inv }: { invoice: InvoiceDetail }) {
  const intl = useIntl();
  const { locale } = intl;
  const label = (map: Record<string, MessageDescriptor>, value: string) => {
    const descriptor = Object.hasOwn(map, value) ? map[value] : undefined;
    return descriptor ? intl.formatMessage(descriptor) : value;
  };
  return (
    <>
      <DocumentHeading title={intl.formatMessage(m.title, { number: inv.number })} company={intl.formatMessage(m.issuer)} issuedAt={inv.issued_at} />
      <DocumentFields
        rows={[
          [intl.formatMessage(m.number), <Text as="span" fontFamily="mono">{inv.number}</Text>],
          [intl.formatMessage(m.colClient), inv.client.name],
          [intl.formatMessage(m.period), `${monthLabel(inv.month, locale)} (${intl.formatMessage(m.periodValue, { start: formatDate(inv.period_start, locale), end: formatDate(inv.period_end, locale) })})`],
          [intl.formatMessage(m.colStatus), <InvoiceStatus status={inv.status} />],
        ]}
      />
      {inv.status === 'open' && (
        <Text mt="3" fontSize="sm" color="fg.muted">
          {intl.formatMessage(m.openNote)}
        </Text>
      )}
      <Heading as="h2" size="sm" mt="6" mb="2">
        {intl.formatMessage(m.lines)}
      </Heading>
      {inv.lines.length === 0 ? (
        <Text color="fg.muted">{intl.formatMessage(m.noFees)}</Text>
      ) : (
        <Table.Root size="sm" aria-label={intl.formatMessage(m.lines)}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{intl.formatMessage(m.colKind)}</Table.ColumnHeader>
              <Table.ColumnHeader>{intl.formatMessage(m.colMethod)}</Table.ColumnHeader>
              <Table.ColumnHeader>{intl.formatMessage(m.colCurrency)}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colCount)}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.colFee)}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {inv.lines.map((line) => (
              <Table.Row key={`${line.kind}-${line.method}-${line.currency}`} data-line={`${line.kind}:${line.method}:${line.currency}`}>
                <Table.Cell>{label(kindMessages, line.kind)}</Table.Cell>
                <Table.Cell>{label(methodMessages, line.method)}</Table.Cell>
                <Table.Cell>{line.currency}</Table.Cell>
                <Table.Cell textAlign="end">{intl.formatNumber(line.count)}</Table.Cell>
                <Table.Cell textAlign="end">{money(line.fee, line.currency, locale)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Box mt="4">
        {inv.totals.map((total) => (
          <Text key={total.currency} textAlign="end" fontWeight="bold" data-total={total.currency}>
            {intl.formatMessage(m.total, { currency: total.currency })}: {money(total.fee, total.currency, locale)}
          </Text>
        ))}
      </Box>
    </>
  );
}
