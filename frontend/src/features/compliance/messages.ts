import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  queue: { id: 'compliance.queue', defaultMessage: 'Withdrawals waiting for review' },
  waitingCount: { id: 'compliance.waitingCount', defaultMessage: '{count, plural, one {# withdraw waiting} other {# withdrawals waiting}}' },
  id: { id: 'compliance.col.id', defaultMessage: 'ID' },
  client: { id: 'compliance.col.client', defaultMessage: 'Client' },
  beneficiary: { id: 'compliance.col.beneficiary', defaultMessage: 'Beneficiary' },
  method: { id: 'compliance.col.method', defaultMessage: 'Withdraw method' },
  amount: { id: 'compliance.col.amount', defaultMessage: 'Amount' },
  createdAt: { id: 'compliance.col.createdAt', defaultMessage: 'Created' },
  actions: { id: 'compliance.col.actions', defaultMessage: 'Actions' },
  approve: { id: 'compliance.approve', defaultMessage: 'Approve' },
  approveLabel: { id: 'compliance.approveLabel', defaultMessage: 'Approve withdraw {id}' },
  reject: { id: 'compliance.reject', defaultMessage: 'Reject' },
  rejectLabel: { id: 'compliance.rejectLabel', defaultMessage: 'Reject withdraw {id}' },
  rejectTitle: { id: 'compliance.rejectTitle', defaultMessage: 'Reject withdraw {id}' },
  reason: { id: 'compliance.reason', defaultMessage: 'Reason' },
  reasonRequired: { id: 'compliance.reasonRequired', defaultMessage: 'Tell the client why the withdraw is rejected' },
  confirmReject: { id: 'compliance.confirmReject', defaultMessage: 'Reject withdraw' },
  cancel: { id: 'compliance.cancel', defaultMessage: 'Cancel' },
  approved: { id: 'compliance.approved', defaultMessage: 'Withdraw {id} approved' },
  rejected: { id: 'compliance.rejected', defaultMessage: 'Withdraw {id} rejected' },
  reviewFailed: { id: 'compliance.reviewFailed', defaultMessage: 'The review was not accepted' },
  loadError: { id: 'compliance.loadError', defaultMessage: 'The review queue could not be loaded.' },
  allClients: { id: 'compliance.allClients', defaultMessage: 'All clients' },
  sortOldest: { id: 'compliance.sort.oldest', defaultMessage: 'Oldest first' },
  sortNewest: { id: 'compliance.sort.newest', defaultMessage: 'Newest first' },
  sortAmountAsc: { id: 'compliance.sort.amountAsc', defaultMessage: 'Lowest amount' },
  sortAmountDesc: { id: 'compliance.sort.amountDesc', defaultMessage: 'Highest amount' },
  next: { id: 'compliance.next', defaultMessage: 'Next' },
  first: { id: 'compliance.first', defaultMessage: 'First page' },
  pix: { id: 'compliance.method.pix', defaultMessage: 'PIX' },
  ted: { id: 'compliance.method.ted', defaultMessage: 'TED (wire transfer)' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const complianceMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
