import { type MessageDescriptor, defineMessages } from 'react-intl';

export const methodMessages: Record<string, MessageDescriptor> = defineMessages({
  billet: { id: 'receipts.method.billet', defaultMessage: 'Billet' },
  pix: { id: 'receipts.method.pix', defaultMessage: 'PIX' },
  card: { id: 'receipts.method.card', defaultMessage: 'Credit card' },
  wire: { id: 'receipts.method.wire', defaultMessage: 'Bank transfer' },
});

export const statusMessages: Record<string, MessageDescriptor> = defineMessages({
  confirmed: { id: 'receipts.status.confirmed', defaultMessage: 'Paid' },
  paid_to_client: { id: 'receipts.status.paid_to_client', defaultMessage: 'Paid and settled' },
  refunded: { id: 'receipts.status.refunded', defaultMessage: 'Paid, then refunded' },
});

const messages = defineMessages({
  depositTitle: { id: 'receipts.deposit.title', defaultMessage: 'Payment receipt' },
  depositLabel: { id: 'receipts.deposit.label', defaultMessage: 'Receipt of payment {id}' },
  settlementTitle: { id: 'receipts.settlement.title', defaultMessage: 'Settlement receipt' },
  settlementLabel: { id: 'receipts.settlement.label', defaultMessage: 'Receipt of settlement {id}' },
  company: { id: 'receipts.company', defaultMessage: 'Company' },
  payer: { id: 'receipts.payer', defaultMessage: 'Payer' },
  document: { id: 'receipts.document', defaultMessage: 'Payer document' },
  email: { id: 'receipts.email', defaultMessage: 'Payer e-mail' },
  amount: { id: 'receipts.amount', defaultMessage: 'Amount paid' },
  fee: { id: 'receipts.fee', defaultMessage: 'Fee' },
  net: { id: 'receipts.net', defaultMessage: 'Net amount' },
  refunded: { id: 'receipts.refunded', defaultMessage: 'Refunded' },
  method: { id: 'receipts.method', defaultMessage: 'Method' },
  currency: { id: 'receipts.currency', defaultMessage: 'Currency' },
  status: { id: 'receipts.status', defaultMessage: 'Status' },
  description: { id: 'receipts.description', defaultMessage: 'Description' },
  createdAt: { id: 'receipts.createdAt', defaultMessage: 'Created on' },
  paidAt: { id: 'receipts.paidAt', defaultMessage: 'Paid on' },
  dueDate: { id: 'receipts.dueDate', defaultMessage: 'Due date' },
  settleOn: { id: 'receipts.settleOn', defaultMessage: 'Available on' },
  settledAt: { id: 'receipts.settledAt', defaultMessage: 'Settled on' },
  id: { id: 'receipts.id', defaultMessage: 'Payment ID' },
  transactionId: { id: 'receipts.transactionId', defaultMessage: 'Transaction ID' },
  txid: { id: 'receipts.txid', defaultMessage: 'PIX txid' },
  settlementId: { id: 'receipts.settlementId', defaultMessage: 'Settlement ID' },
  settlementDate: { id: 'receipts.settlementDate', defaultMessage: 'Settlement date' },
  count: { id: 'receipts.count', defaultMessage: 'Payments' },
  gross: { id: 'receipts.gross', defaultMessage: 'Amount paid' },
  credit: { id: 'receipts.credit', defaultMessage: 'Credited to available balance' },
  payments: { id: 'receipts.payments', defaultMessage: 'Payments in this settlement' },
  colPayment: { id: 'receipts.col.payment', defaultMessage: 'Payment' },
  colPayer: { id: 'receipts.col.payer', defaultMessage: 'Payer' },
  colAmount: { id: 'receipts.col.amount', defaultMessage: 'Amount' },
  colFee: { id: 'receipts.col.fee', defaultMessage: 'Fee' },
  colNet: { id: 'receipts.col.net', defaultMessage: 'Credit' },
  truncated: { id: 'receipts.truncated', defaultMessage: 'Showing {shown} of {count} payments.' },
  timeZone: { id: 'receipts.timeZone', defaultMessage: 'Times in Brasília time.' },
});

export const receiptMessages: Record<keyof typeof messages, MessageDescriptor> = messages;

export const verifyMessages = defineMessages({
  title: { id: 'receipts.verify.title', defaultMessage: 'Verify a receipt' },
  intro: { id: 'receipts.verify.intro', defaultMessage: 'Type the authentication code printed at the foot of a receipt to check that it was issued by us.' },
  code: { id: 'receipts.verify.code', defaultMessage: 'Authentication code' },
  submit: { id: 'receipts.verify.submit', defaultMessage: 'Verify' },
  genuine: { id: 'receipts.verify.genuine', defaultMessage: 'Genuine receipt' },
  genuineHelp: { id: 'receipts.verify.genuineHelp', defaultMessage: 'Compare these facts with the printed copy.' },
  invalid: { id: 'receipts.verify.invalid', defaultMessage: 'This code does not match any receipt' },
  invalidHelp: { id: 'receipts.verify.invalidHelp', defaultMessage: 'Check the code as printed. A copy whose figures were changed has no valid code.' },
  error: { id: 'receipts.verify.error', defaultMessage: 'The code could not be checked' },
  kind: { id: 'receipts.verify.kind', defaultMessage: 'Kind' },
  kindDeposit: { id: 'receipts.verify.kindDeposit', defaultMessage: 'Payment receipt' },
  kindSettlement: { id: 'receipts.verify.kindSettlement', defaultMessage: 'Settlement receipt' },
  method: { id: 'receipts.verify.method', defaultMessage: 'Method' },
  amount: { id: 'receipts.verify.amount', defaultMessage: 'Amount' },
  date: { id: 'receipts.verify.date', defaultMessage: 'Date' },
  payer: { id: 'receipts.verify.payer', defaultMessage: 'Payer' },
  beneficiary: { id: 'receipts.verify.beneficiary', defaultMessage: 'Beneficiary' },
});
