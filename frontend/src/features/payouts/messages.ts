import { type MessageDescriptor, defineMessages } from 'react-intl';

export const payoutStatusMessages = defineMessages({
  waiting: { id: 'payouts.status.waiting', defaultMessage: 'Waiting' },
  pending: { id: 'payouts.status.pending', defaultMessage: 'Pending' },
  approved: { id: 'payouts.status.approved', defaultMessage: 'Approved' },
  rejected: { id: 'payouts.status.rejected', defaultMessage: 'Rejected' },
  confirmed: { id: 'payouts.status.confirmed', defaultMessage: 'Confirmed' },
  canceled: { id: 'payouts.status.canceled', defaultMessage: 'Canceled' },
  reversed: { id: 'payouts.status.reversed', defaultMessage: 'Reversed' },
  paid_to_client: { id: 'payouts.status.paid_to_client', defaultMessage: 'Paid to client' },
});

export const payoutMethodMessages = defineMessages({
  pix: { id: 'payouts.method.pix', defaultMessage: 'PIX' },
  ted: { id: 'payouts.method.ted', defaultMessage: 'TED (wire transfer)' },
});

/** A label from a map of messages, or the raw value when the API sends one the screen does not know. */
export function labelOf(map: Record<string, MessageDescriptor>, value: string): MessageDescriptor | string {
  return Object.hasOwn(map, value) ? map[value]! : value;
}

const messages = defineMessages({
  actions: { id: 'payouts.actions', defaultMessage: 'Withdrawal actions' },
  generate: { id: 'payouts.generate', defaultMessage: 'Generate single withdrawal' },
  generated: { id: 'payouts.generated', defaultMessage: 'Generated Withdraw' },
  generatedText: { id: 'payouts.generatedText', defaultMessage: 'Withdrawal {id} of {amount}: {status}' },
  search: { id: 'payouts.search', defaultMessage: 'Search by ID' },
  searchButton: { id: 'payouts.searchButton', defaultMessage: 'Search' },
  filters: { id: 'payouts.filters', defaultMessage: 'Withdrawal filters' },
  allStatuses: { id: 'payouts.allStatuses', defaultMessage: 'All statuses' },
  allMethods: { id: 'payouts.allMethods', defaultMessage: 'All methods' },
  clearFilters: { id: 'payouts.clearFilters', defaultMessage: 'Clear filters' },
  id: { id: 'payouts.col.id', defaultMessage: 'ID' },
  client: { id: 'payouts.col.client', defaultMessage: 'Client' },
  beneficiary: { id: 'payouts.col.beneficiary', defaultMessage: 'Beneficiary' },
  account: { id: 'payouts.col.account', defaultMessage: 'Account' },
  agency: { id: 'payouts.col.agency', defaultMessage: 'Agency' },
  bank: { id: 'payouts.col.bank', defaultMessage: 'Bank' },
  operation: { id: 'payouts.col.operation', defaultMessage: 'Operation' },
  table: { id: 'payouts.table', defaultMessage: 'Withdrawals' },
  method: { id: 'payouts.col.method', defaultMessage: 'Withdrawal method' },
  amount: { id: 'payouts.col.amount', defaultMessage: 'Amount' },
  fee: { id: 'payouts.col.fee', defaultMessage: 'Fee' },
  status: { id: 'payouts.col.status', defaultMessage: 'Status' },
  createdAt: { id: 'payouts.col.createdAt', defaultMessage: 'Created' },
  finishedAt: { id: 'payouts.col.finishedAt', defaultMessage: 'Finished' },
  transactionId: { id: 'payouts.col.transactionId', defaultMessage: 'Transaction ID' },
  open: { id: 'payouts.open', defaultMessage: 'Open withdrawal {id}' },
  loadError: { id: 'payouts.loadError', defaultMessage: 'The withdrawals could not be loaded.' },
  page: { id: 'payouts.page', defaultMessage: 'Page {page}' },
  previous: { id: 'payouts.previous', defaultMessage: 'Previous' },
  next: { id: 'payouts.next', defaultMessage: 'Next' },
  summary: { id: 'payouts.summary', defaultMessage: '{count, plural, one {# withdrawal} other {# withdrawals}}, {amount}' },
  // detail
  detailTitle: { id: 'payouts.detailTitle', defaultMessage: 'Withdrawal {id}' },
  timeline: { id: 'payouts.timeline', defaultMessage: 'Timeline' },
  autoApproved: { id: 'payouts.note.autoApproved', defaultMessage: 'approved automatically (limit {limit})' },
  event: { id: 'payouts.event', defaultMessage: '{from} → {to}' },
  rejectionReason: { id: 'payouts.rejectionReason', defaultMessage: 'Rejection reason' },
  cancel: { id: 'payouts.cancel', defaultMessage: 'Cancel withdrawal' },
  cancelTitle: { id: 'payouts.cancelTitle', defaultMessage: 'Cancel this withdrawal?' },
  cancelText: { id: 'payouts.cancelText', defaultMessage: 'The amount goes back to your balance. This cannot be undone.' },
  cancelConfirm: { id: 'payouts.cancelConfirm', defaultMessage: 'Yes, cancel it' },
  keep: { id: 'payouts.keep', defaultMessage: 'Keep it' },
  canceled: { id: 'payouts.canceled', defaultMessage: 'Withdrawal canceled' },
  cancelFailed: { id: 'payouts.cancelFailed', defaultMessage: 'The withdrawal could not be canceled' },
  // form
  formTitle: { id: 'payouts.formTitle', defaultMessage: 'Generate single withdrawal' },
  bankAccount: { id: 'payouts.form.bankAccount', defaultMessage: 'Bank account' },
  chooseAccount: { id: 'payouts.form.chooseAccount', defaultMessage: 'Choose a bank account' },
  noAccounts: { id: 'payouts.form.noAccounts', defaultMessage: 'No bank account registered yet: add one first.' },
  amountLabel: { id: 'payouts.form.amount', defaultMessage: 'Amount (R$)' },
  amountHint: { id: 'payouts.form.amountHint', defaultMessage: 'For example 1.234,56' },
  methodPix: { id: 'payouts.form.methodPix', defaultMessage: 'PIX' },
  methodTed: { id: 'payouts.form.methodTed', defaultMessage: 'TED' },
  methodLabel: { id: 'payouts.form.method', defaultMessage: 'Withdrawal method' },
  description: { id: 'payouts.form.description', defaultMessage: 'Description (optional)' },
  submit: { id: 'payouts.form.submit', defaultMessage: 'Generate withdrawal' },
  close: { id: 'payouts.form.close', defaultMessage: 'Cancel' },
  required: { id: 'payouts.form.required', defaultMessage: 'Required' },
  amountInvalid: { id: 'payouts.form.amountInvalid', defaultMessage: 'Type an amount like 1.234,56' },
  amountDecimals: { id: 'payouts.form.amountDecimals', defaultMessage: 'At most two decimal places' },
  amountPositive: { id: 'payouts.form.amountPositive', defaultMessage: 'The amount must be greater than zero' },
  // staff
  clientLabel: { id: 'payouts.form.client', defaultMessage: 'Client of the withdrawal' },
  loadAccounts: { id: 'payouts.form.loadAccounts', defaultMessage: 'Load accounts' },
  chooseClient: { id: 'payouts.staff.chooseClient', defaultMessage: 'Choose a client' },
  clientRequired: { id: 'payouts.staff.clientRequired', defaultMessage: 'Choose a client first' },
  staffList: { id: 'payouts.staff.list', defaultMessage: 'Withdrawals of the clients' },
  staffSearchHint: { id: 'payouts.staff.searchHint', defaultMessage: 'ID, bank ID, CPF/CNPJ or name' },
  allClientsOption: { id: 'payouts.staff.allClients', defaultMessage: 'All clients' },
  dateFrom: { id: 'payouts.staff.dateFrom', defaultMessage: 'Created from' },
  dateTo: { id: 'payouts.staff.dateTo', defaultMessage: 'Created until' },
  dateRange: { id: 'payouts.staff.dateRange', defaultMessage: 'The start date cannot be after the end date' },
  applyFilters: { id: 'payouts.staff.apply', defaultMessage: 'Apply filters' },
  sort: { id: 'payouts.staff.sort', defaultMessage: 'Sort by' },
  perPage: { id: 'payouts.staff.perPage', defaultMessage: 'Per page' },
  pagination: { id: 'payouts.staff.pagination', defaultMessage: 'Pages' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const payoutsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
