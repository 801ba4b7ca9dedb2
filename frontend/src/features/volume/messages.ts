import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  intro: {
    id: 'volume.intro',
    defaultMessage: 'Money paid per client in the period (São Paulo days): deposits confirmed, settled or refunded, by method; withdrawals paid; fees of both; and the available balance now.',
  },
  table: { id: 'volume.table', defaultMessage: 'Volume per client' },
  currency: { id: 'volume.currency', defaultMessage: 'Currency' },
  allCurrencies: { id: 'volume.allCurrencies', defaultMessage: 'Both currencies' },
  client: { id: 'volume.client', defaultMessage: 'Client' },
  allClients: { id: 'volume.allClients', defaultMessage: 'All clients' },
  colClient: { id: 'volume.col.client', defaultMessage: 'Client' },
  colCurrency: { id: 'volume.col.currency', defaultMessage: 'Currency' },
  billet: { id: 'volume.col.billet', defaultMessage: 'Billet' },
  card: { id: 'volume.col.card', defaultMessage: 'Card' },
  wire: { id: 'volume.col.wire', defaultMessage: 'Transfer' },
  pix: { id: 'volume.col.pix', defaultMessage: 'PIX' },
  deposits: { id: 'volume.col.deposits', defaultMessage: 'Deposits' },
  payouts: { id: 'volume.col.payouts', defaultMessage: 'Withdrawals' },
  fees: { id: 'volume.col.fees', defaultMessage: 'Fees' },
  balance: { id: 'volume.col.balance', defaultMessage: 'Available balance' },
  count: { id: 'volume.count', defaultMessage: '{count, plural, =0 {none} one {# operation} other {# operations}}' },
  sortDesc: { id: 'volume.sortDesc', defaultMessage: '{column}: highest first' },
  sortAsc: { id: 'volume.sortAsc', defaultMessage: '{column}: lowest first' },
  sortClientAsc: { id: 'volume.sortClientAsc', defaultMessage: 'Client: A to Z' },
  sortClientDesc: { id: 'volume.sortClientDesc', defaultMessage: 'Client: Z to A' },
  totals: { id: 'volume.totals', defaultMessage: 'Totals' },
  totalsOf: { id: 'volume.totalsOf', defaultMessage: 'Totals in {currency} ({clients, plural, one {# client} other {# clients}})' },
  generate: { id: 'volume.generate', defaultMessage: 'Generate report' },
  loadError: { id: 'volume.loadError', defaultMessage: 'The volume could not be loaded (check the period: at most 366 days, start before end).' },
  empty: { id: 'volume.empty', defaultMessage: 'No money paid in this period' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const volumeMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
