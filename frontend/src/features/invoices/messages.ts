import { type MessageDescriptor, defineMessages } from 'react-intl';

export const methodMessages: Record<string, MessageDescriptor> = defineMessages({
  billet: { id: 'invoices.method.billet', defaultMessage: 'Billet' },
  pix: { id: 'invoices.method.pix', defaultMessage: 'PIX' },
  card: { id: 'invoices.method.card', defaultMessage: 'Credit card' },
  wire: { id: 'invoices.method.wire', defaultMessage: 'Bank transfer' },
  ted: { id: 'invoices.method.ted', defaultMessage: 'TED' },
  other: { id: 'invoices.method.other', defaultMessage: 'Other' },
});

export const kindMessages: Record<string, MessageDescriptor> = defineMessages({
  deposit: { id: 'invoices.kind.deposit', defaultMessage: 'Deposits' },
  payout: { id: 'invoices.kind.payout', defaultMessage: 'Payouts' },
  other: { id: 'invoices.kind.other', defaultMessage: 'Other' },
});

export const statusMessages: Record<string, MessageDescriptor> = defineMessages({
  open: { id: 'invoices.status.open', defaultMessage: 'Open' },
  closed: { id: 'invoices.status.closed', defaultMessage: 'Closed' },
});

const messages = defineMessages({
  intro: {
    id: 'invoices.intro',
    defaultMessage: 'One invoice per client and month of the fees it paid, from the ledger. The current month stays open; past months are closed.',
  },
  table: { id: 'invoices.table', defaultMessage: 'Invoices' },
  month: { id: 'invoices.filter.month', defaultMessage: 'Month' },
  currentMonth: { id: 'invoices.filter.currentMonth', defaultMessage: 'Current month' },
  client: { id: 'invoices.filter.client', defaultMessage: 'Client' },
  allClients: { id: 'invoices.filter.allClients', defaultMessage: 'All clients' },
  status: { id: 'invoices.filter.status', defaultMessage: 'Status' },
  allStatuses: { id: 'invoices.filter.allStatuses', defaultMessage: 'All statuses' },
  sortClient: { id: 'invoices.sort.client', defaultMessage: 'Client name' },
  colNumber: { id: 'invoices.col.number', defaultMessage: 'Number' },
  colClient: { id: 'invoices.col.client', defaultMessage: 'Client' },
  colPeriod: { id: 'invoices.col.period', defaultMessage: 'Period' },
  colStatus: { id: 'invoices.col.status', defaultMessage: 'Status' },
  colTotal: { id: 'invoices.col.total', defaultMessage: 'Total fees' },
  colActions: { id: 'invoices.col.actions', defaultMessage: 'Actions' },
  open: { id: 'invoices.openInvoice', defaultMessage: 'View invoice' },
  openLabel: { id: 'invoices.openInvoiceLabel', defaultMessage: 'View invoice {number} of {client}' },
  loadError: { id: 'invoices.loadError', defaultMessage: 'The invoices could not be loaded.' },
  empty: { id: 'invoices.empty', defaultMessage: 'No invoices for this month' },
  title: { id: 'invoices.detail.title', defaultMessage: 'Fee invoice {number}' },
  label: { id: 'invoices.detail.label', defaultMessage: 'Invoice {number}' },
  issuer: { id: 'invoices.detail.issuer', defaultMessage: 'Cofre payments platform' },
  number: { id: 'invoices.detail.number', defaultMessage: 'Invoice number' },
  period: { id: 'invoices.detail.period', defaultMessage: 'Period' },
  periodValue: { id: 'invoices.detail.periodValue', defaultMessage: '{start} to {end}' },
  lines: { id: 'invoices.detail.lines', defaultMessage: 'Fees by method and currency' },
  colKind: { id: 'invoices.col.kind', defaultMessage: 'Type' },
  colMethod: { id: 'invoices.col.method', defaultMessage: 'Method' },
  colCurrency: { id: 'invoices.col.currency', defaultMessage: 'Currency' },
  colCount: { id: 'invoices.col.count', defaultMessage: 'Movements' },
  colFee: { id: 'invoices.col.fee', defaultMessage: 'Fees' },
  total: { id: 'invoices.detail.total', defaultMessage: 'Total in {currency}' },
  noFees: { id: 'invoices.detail.noFees', defaultMessage: 'No fees in this period.' },
  openNote: { id: 'invoices.detail.openNote', defaultMessage: 'This month is not over: the invoice is open and may still grow.' },
});

export const invoicesMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
