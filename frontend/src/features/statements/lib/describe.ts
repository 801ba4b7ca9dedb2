import type { IntlShape } from 'react-intl';

import type { LedgerAccount } from '@/api/types';

import { ACCOUNT_KIND_MESSAGES, ENTRY_KIND_MESSAGES, statementMessages as m } from '../messages';

/** A posting's description in the reader's language, from its entry's kind (an unknown kind is named). */
export function describeEntry(kind: string, intl: IntlShape): string {
  const known = Object.hasOwn(ENTRY_KIND_MESSAGES, kind) ? ENTRY_KIND_MESSAGES[kind] : undefined;
  return known ? intl.formatMessage(known) : intl.formatMessage(m.entryOther, { kind });
}

/** An account as people name it: its kind, its provider (clearing) or partner, and its currency. */
export function describeAccount(account: LedgerAccount, intl: IntlShape): string {
  const known = Object.hasOwn(ACCOUNT_KIND_MESSAGES, account.kind) ? ACCOUNT_KIND_MESSAGES[account.kind] : undefined;
  const kind = known ? intl.formatMessage(known) : account.kind;
  const owner = account.provider || (account.kind === 'partner_commission' ? account.client?.name : '') || '';
  return [kind, owner, account.currency].filter(Boolean).join(' · ');
}
