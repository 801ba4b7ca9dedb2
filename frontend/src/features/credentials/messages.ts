import { type MessageDescriptor, defineMessages } from 'react-intl';

export const keyStatusMessages = defineMessages({
  active: { id: 'credentials.status.active', defaultMessage: 'Active' },
  expired: { id: 'credentials.status.expired', defaultMessage: 'Expired' },
  revoked: { id: 'credentials.status.revoked', defaultMessage: 'Revoked' },
});

export const expiryMessages = defineMessages({
  never: { id: 'credentials.expiry.never', defaultMessage: 'Never expires' },
  days30: { id: 'credentials.expiry.30', defaultMessage: 'In 30 days' },
  days90: { id: 'credentials.expiry.90', defaultMessage: 'In 90 days' },
  days365: { id: 'credentials.expiry.365', defaultMessage: 'In 1 year' },
});

/** How long the old secret keeps working after a rotation. */
export const overlapMessages = defineMessages({
  now: { id: 'credentials.overlap.now', defaultMessage: 'Stops working at once' },
  hour1: { id: 'credentials.overlap.1h', defaultMessage: 'Keeps working for 1 hour' },
  hours24: { id: 'credentials.overlap.24h', defaultMessage: 'Keeps working for 24 hours' },
  days7: { id: 'credentials.overlap.7d', defaultMessage: 'Keeps working for 7 days' },
});

export const scopeMessages = defineMessages({
  full: { id: 'credentials.scope.full', defaultMessage: 'Full access' },
  read_only: { id: 'credentials.scope.read_only', defaultMessage: 'Read only' },
});

const messages = defineMessages({
  intro: {
    id: 'credentials.intro',
    defaultMessage:
      'API keys let your own systems (ERP, online store, back office) call the Cofre API without signing in. A key acts with the current role of the person who created it, on this account only.',
  },
  usage: { id: 'credentials.usage', defaultMessage: 'Send the key in each request’s header:' },
  create: { id: 'credentials.create', defaultMessage: 'Create key' },
  list: { id: 'credentials.list', defaultMessage: 'API keys' },
  name: { id: 'credentials.col.name', defaultMessage: 'Name' },
  prefix: { id: 'credentials.col.prefix', defaultMessage: 'Prefix' },
  status: { id: 'credentials.col.status', defaultMessage: 'Status' },
  createdAt: { id: 'credentials.col.createdAt', defaultMessage: 'Created' },
  lastUsed: { id: 'credentials.col.lastUsed', defaultMessage: 'Last used' },
  expiresAt: { id: 'credentials.col.expiresAt', defaultMessage: 'Expires' },
  actions: { id: 'credentials.col.actions', defaultMessage: 'Actions' },
  createdBy: { id: 'credentials.createdBy', defaultMessage: 'by {email}' },
  neverUsed: { id: 'credentials.neverUsed', defaultMessage: 'Never' },
  noExpiry: { id: 'credentials.noExpiry', defaultMessage: 'Never' },
  empty: { id: 'credentials.empty', defaultMessage: 'No API keys yet' },
  emptyText: { id: 'credentials.emptyText', defaultMessage: 'Create a key to connect your systems to the Cofre API.' },
  emptyTextReadOnly: { id: 'credentials.emptyTextReadOnly', defaultMessage: 'Keys created for this account will be listed here.' },
  loadError: { id: 'credentials.loadError', defaultMessage: 'The API keys could not be loaded' },
  formTitle: { id: 'credentials.formTitle', defaultMessage: 'Create API key' },
  nameLabel: { id: 'credentials.nameLabel', defaultMessage: 'Name' },
  nameHint: { id: 'credentials.nameHint', defaultMessage: 'What the key is for, e.g. “ERP integration”' },
  nameRequired: { id: 'credentials.nameRequired', defaultMessage: 'Required' },
  nameTooLong: { id: 'credentials.nameTooLong', defaultMessage: 'At most 100 characters' },
  expiry: { id: 'credentials.expiry', defaultMessage: 'Expiry' },
  scope: { id: 'credentials.col.scope', defaultMessage: 'Access' },
  scopeHint: { id: 'credentials.scopeHint', defaultMessage: 'A read-only key can list and read, never create or change anything.' },
  allowedIps: { id: 'credentials.col.allowedIps', defaultMessage: 'Allowed IPs' },
  allowedIpsHint: {
    id: 'credentials.allowedIpsHint',
    defaultMessage: 'Optional: addresses or CIDR ranges (e.g. 203.0.113.0/24), separated by commas. Calls from other addresses are refused.',
  },
  anyIp: { id: 'credentials.anyIp', defaultMessage: 'Any' },
  ipsInvalid: { id: 'credentials.ipsInvalid', defaultMessage: 'Use IP addresses or CIDR ranges, e.g. 203.0.113.0/24' },
  submit: { id: 'credentials.submit', defaultMessage: 'Create key' },
  cancel: { id: 'credentials.cancel', defaultMessage: 'Cancel' },
  createFailed: { id: 'credentials.createFailed', defaultMessage: 'The key could not be created' },
  tokenTitle: { id: 'credentials.tokenTitle', defaultMessage: 'Your new API key' },
  tokenWarning: {
    id: 'credentials.tokenWarning',
    defaultMessage: 'Copy this key now and keep it somewhere safe: it will not be shown again. If you lose it, revoke it and create another one.',
  },
  tokenLabel: { id: 'credentials.tokenLabel', defaultMessage: 'API key “{name}”' },
  done: { id: 'credentials.done', defaultMessage: 'I have copied the key' },
  revoke: { id: 'credentials.revoke', defaultMessage: 'Revoke' },
  revokeLabel: { id: 'credentials.revokeLabel', defaultMessage: 'Revoke key {name}' },
  revokeTitle: { id: 'credentials.revokeTitle', defaultMessage: 'Revoke this API key?' },
  revokeText: {
    id: 'credentials.revokeText',
    defaultMessage: 'Systems using “{name}” ({prefix}) will stop working at once. This cannot be undone.',
  },
  revokeConfirm: { id: 'credentials.revokeConfirm', defaultMessage: 'Revoke key' },
  revoked: { id: 'credentials.revoked', defaultMessage: 'API key revoked' },
  revokeFailed: { id: 'credentials.revokeFailed', defaultMessage: 'The key could not be revoked' },
  rotate: { id: 'credentials.rotate', defaultMessage: 'Rotate' },
  rotateLabel: { id: 'credentials.rotateLabel', defaultMessage: 'Rotate key {name}' },
  rotateTitle: { id: 'credentials.rotateTitle', defaultMessage: 'Rotate API key “{name}”' },
  rotateText: {
    id: 'credentials.rotateText',
    defaultMessage: 'A new secret replaces this key’s secret. The key keeps its name, access and allowed IPs. Choose how long the current secret keeps working, so you can update your systems first.',
  },
  overlap: { id: 'credentials.overlap', defaultMessage: 'Current secret' },
  rotateNext: { id: 'credentials.rotateNext', defaultMessage: 'Continue' },
  rotateReviewTitle: { id: 'credentials.rotateReviewTitle', defaultMessage: 'Rotate this API key?' },
  rotateReviewText: {
    id: 'credentials.rotateReviewText',
    defaultMessage: 'The new secret is shown once. Systems still using the current secret stop working when it expires.',
  },
  rotateConfirm: { id: 'credentials.rotateConfirm', defaultMessage: 'Rotate key' },
  reviewKey: { id: 'credentials.reviewKey', defaultMessage: 'Key' },
  rotateFailed: { id: 'credentials.rotateFailed', defaultMessage: 'The key could not be rotated' },
  rotatedTitle: { id: 'credentials.rotatedTitle', defaultMessage: 'Your rotated API key' },
  rotatedUntil: { id: 'credentials.rotatedUntil', defaultMessage: 'The previous secret keeps working until {date}. Update your systems before then.' },
  rotatedNow: { id: 'credentials.rotatedNow', defaultMessage: 'The previous secret no longer works.' },
  overlapUntil: { id: 'credentials.overlapUntil', defaultMessage: 'Previous secret works until {date}' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const credentialsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
