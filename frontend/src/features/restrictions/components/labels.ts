import type { MessageDescriptor } from 'react-intl';

import type { Kind } from '../lib/value';
import { restrictionMessages as m } from '../messages';

export const KIND_MESSAGES: Record<Kind, MessageDescriptor> = {
  document: m.kindDocument,
  pix_key: m.kindPixKey,
  bank_account: m.kindBankAccount,
  email: m.kindEmail,
  phone: m.kindPhone,
};

export const STATUS_MESSAGES: Record<'proposed' | 'active' | 'rejected' | 'revoked' | 'expired', MessageDescriptor> = {
  proposed: m.statusProposed,
  active: m.statusActive,
  rejected: m.statusRejected,
  revoked: m.statusRevoked,
  expired: m.statusExpired,
};

export const VALUE_HELPERS: Record<Kind, MessageDescriptor> = {
  document: m.valueHelperDocument,
  pix_key: m.valueHelperPixKey,
  bank_account: m.valueHelperBankAccount,
  email: m.valueHelperEmail,
  phone: m.valueHelperPhone,
};
