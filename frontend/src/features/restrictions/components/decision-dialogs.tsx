import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { Restriction } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { DecisionDialog } from '@/components/kit/decision-dialog';
import type { SummaryItem } from '@/components/kit/summary-list';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

import { useDecideRestriction } from '../api/restrictions';
import { restrictionMessages as m } from '../messages';
import { KIND_MESSAGES } from './labels';

function failureText(error: unknown, intl: IntlShape): string {
  // The maker-checker and state refusals come translated from the server.
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
}

export function scopeText(item: Restriction, intl: IntlShape): string {
  return item.client ? item.client.name : intl.formatMessage(m.wholePlatform);
}

function details(item: Restriction, intl: IntlShape): SummaryItem[] {
  return [
    { label: intl.formatMessage(m.kind), value: intl.formatMessage(KIND_MESSAGES[item.kind]) },
    { label: intl.formatMessage(m.value), value: item.value },
    { label: intl.formatMessage(m.scope), value: scopeText(item, intl) },
    { label: intl.formatMessage(m.reason), value: item.reason },
    { label: intl.formatMessage(m.author), value: item.proposed_by.email },
  ];
}

type Action = 'validate' | 'reject' | 'revoke';

/**
 * The decision on a restriction: validating makes it apply at once (asked, with what it blocks and where);
 * rejecting a proposal or revoking an active one needs a reason, then a confirmation.
 */
function RestrictionDecisionDialog({ item, action, onClose }: { item: Restriction; action: Action; onClose: () => void }) {
  const intl = useIntl();
  const decide = useDecideRestriction();
  const [error, setError] = useState<string | null>(null);
  const validating = action === 'validate';
  const words = {
    validate: { title: m.validateTitle, button: m.validate, done: m.validated },
    reject: { title: m.rejectTitle, button: m.reject, done: m.rejected },
    revoke: { title: m.revokeTitle, button: m.revoke, done: m.revoked },
  }[action];
  const send = (reason: string) => {
    setError(null);
    decide.mutate(validating ? { id: item.id, action } : { id: item.id, action, reason }, {
      onSuccess: () => {
        appToaster.create({ type: 'success', title: intl.formatMessage(words.done) });
        onClose();
      },
      onError: (failure) => setError(failureText(failure, intl)),
    });
  };
  return (
    <DecisionDialog
      decision={validating ? 'approve' : 'reject'}
      title={intl.formatMessage(words.title)}
      description={validating ? intl.formatMessage(m.validateText, { scope: scopeText(item, intl) }) : intl.formatMessage(action === 'reject' ? m.rejectText : m.revokeText)}
      summary={details(item, intl)}
      decideText={intl.formatMessage(words.button)}
      palette="red"
      justification={validating ? undefined : { label: intl.formatMessage(m.decisionReason), minLength: 3, maxLength: 1000, error: intl.formatMessage(m.errReason) }}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.decisionFailed)}
      pending={decide.isPending}
      error={error}
      onDecide={send}
      onClose={onClose}
    />
  );
}

/** Validating makes the restriction apply at once: say so, with what it blocks and where. */
export function ValidateDialog({ item, onClose }: { item: Restriction; onClose: () => void }) {
  return <RestrictionDecisionDialog item={item} action="validate" onClose={onClose} />;
}

/** Rejecting a proposal or revoking an active restriction: both need a reason, both say what follows. */
export function ReasonDialog({ item, action, onClose }: { item: Restriction; action: 'reject' | 'revoke'; onClose: () => void }) {
  return <RestrictionDecisionDialog item={item} action={action} onClose={onClose} />;
}
