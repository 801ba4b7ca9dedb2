import { type MessageDescriptor, defineMessages } from 'react-intl';

export const refundStatusMessages = defineMessages({
  pending: { id: 'refunds.status.pending', defaultMessage: 'Pending' },
  confirmed: { id: 'refunds.status.confirmed', defaultMessage: 'Confirmed' },
  failed: { id: 'refunds.status.failed', defaultMessage: 'Failed' },
});

const messages = defineMessages({
  refund: { id: 'refunds.refund', defaultMessage: 'Refund' },
  formTitle: { id: 'refunds.formTitle', defaultMessage: 'Refund a deposit' },
  depositId: { id: 'refunds.depositId', defaultMessage: 'Deposit ID' },
  amount: { id: 'refunds.amount', defaultMessage: 'Amount (R$)' },
  amountHint: { id: 'refunds.amountHint', defaultMessage: 'Part or all of the paid amount, e.g. 25,00' },
  reason: { id: 'refunds.reason', defaultMessage: 'Reason' },
  submit: { id: 'refunds.submit', defaultMessage: 'Refund' },
  leftToRefund: { id: 'refunds.leftToRefund', defaultMessage: 'Up to {amount} can still be refunded.' },
  cancel: { id: 'refunds.cancel', defaultMessage: 'Cancel' },
  required: { id: 'refunds.required', defaultMessage: 'Required' },
  amountInvalid: { id: 'refunds.amountInvalid', defaultMessage: 'Type an amount like 1.234,56' },
  amountPositive: { id: 'refunds.amountPositive', defaultMessage: 'The amount must be greater than zero' },
  created: { id: 'refunds.created', defaultMessage: 'Refund requested' },
  createdText: { id: 'refunds.createdText', defaultMessage: 'Refund {id} of {amount}' },
  failed: { id: 'refunds.failed', defaultMessage: 'The refund could not be made' },
  notFound: { id: 'refunds.notFound', defaultMessage: 'Refunds not found' },
  loadError: { id: 'refunds.loadError', defaultMessage: 'The refunds could not be loaded.' },
  id: { id: 'refunds.col.id', defaultMessage: 'ID' },
  deposit: { id: 'refunds.col.deposit', defaultMessage: 'Deposit' },
  payer: { id: 'refunds.col.payer', defaultMessage: 'Payer' },
  status: { id: 'refunds.col.status', defaultMessage: 'Status' },
  createdAt: { id: 'refunds.col.createdAt', defaultMessage: 'Created' },
  reasonCol: { id: 'refunds.col.reason', defaultMessage: 'Reason' },
  amountCol: { id: 'refunds.col.amount', defaultMessage: 'Amount' },
  table: { id: 'refunds.table', defaultMessage: 'Refunds' },
  search: { id: 'refunds.search', defaultMessage: 'Search by refund or deposit ID, or payer' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const refundsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
