import { type MessageDescriptor, defineMessages } from 'react-intl';

export const methodMessages = defineMessages({
  billet: { id: 'settlements.method.billet', defaultMessage: 'Billet' },
  pix: { id: 'settlements.method.pix', defaultMessage: 'PIX' },
  card: { id: 'settlements.method.card', defaultMessage: 'Credit card' },
  wire: { id: 'settlements.method.wire', defaultMessage: 'Bank transfer' },
});

const messages = defineMessages({
  intro: {
    id: 'settlements.intro',
    defaultMessage: 'Each settlement groups the payments of one day, method and currency whose money moved from pending to your available balance.',
  },
  table: { id: 'settlements.table', defaultMessage: 'Settlements' },
  method: { id: 'settlements.filter.method', defaultMessage: 'Method' },
  allMethods: { id: 'settlements.filter.allMethods', defaultMessage: 'All methods' },
  currency: { id: 'settlements.filter.currency', defaultMessage: 'Currency' },
  allCurrencies: { id: 'settlements.filter.allCurrencies', defaultMessage: 'All currencies' },
  colDate: { id: 'settlements.col.date', defaultMessage: 'Date' },
  colMethod: { id: 'settlements.col.method', defaultMessage: 'Method' },
  colCount: { id: 'settlements.col.count', defaultMessage: 'Payments' },
  colGross: { id: 'settlements.col.gross', defaultMessage: 'Amount paid' },
  colFee: { id: 'settlements.col.fee', defaultMessage: 'Fees' },
  colCredit: { id: 'settlements.col.credit', defaultMessage: 'Credit' },
  colActions: { id: 'settlements.col.actions', defaultMessage: 'Actions' },
  viewPayments: { id: 'settlements.viewPayments', defaultMessage: 'View payments' },
  viewPaymentsLabel: { id: 'settlements.viewPaymentsLabel', defaultMessage: 'View the payments of the settlement of {date}, {method}' },
  receipt: { id: 'settlements.receipt', defaultMessage: 'Receipt' },
  receiptLabel: { id: 'settlements.receiptLabel', defaultMessage: 'Receipt of the settlement of {date}, {method}' },
  depositReceiptLabel: { id: 'settlements.depositReceiptLabel', defaultMessage: 'Receipt of payment {id}' },
  drawerTitle: { id: 'settlements.drawerTitle', defaultMessage: 'Settlement of {date} · {method} · {currency}' },
  paymentsTable: { id: 'settlements.paymentsTable', defaultMessage: 'Payments in this settlement' },
  colPayment: { id: 'settlements.col.payment', defaultMessage: 'Payment' },
  colPayer: { id: 'settlements.col.payer', defaultMessage: 'Payer' },
  colDocument: { id: 'settlements.col.document', defaultMessage: 'Document' },
  colAmount: { id: 'settlements.col.amount', defaultMessage: 'Amount' },
  colNet: { id: 'settlements.col.net', defaultMessage: 'Credited' },
  totals: { id: 'settlements.totals', defaultMessage: '{count, plural, one {# payment} other {# payments}}: {gross} paid, {fee} in fees, {net} credited' },
  more: { id: 'settlements.more', defaultMessage: 'Showing the first {shown} of {count} payments.' },
  loadError: { id: 'settlements.loadError', defaultMessage: 'The settlements could not be loaded.' },
  detailError: { id: 'settlements.detailError', defaultMessage: 'The payments of this settlement could not be loaded.' },
  empty: { id: 'settlements.empty', defaultMessage: 'No settlements yet' },
});

export const settlementsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
