import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { Restriction } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { TextField } from '@/components/kit/form-fields';
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

/** Validating makes the restriction apply at once: say so, with what it blocks and where. */
export function ValidateDialog({ item, onClose }: { item: Restriction; onClose: () => void }) {
  const intl = useIntl();
  const decide = useDecideRestriction();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    decide.mutate(
      { id: item.id, action: 'validate' },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.validated) });
          onClose();
        },
        onError: (failure) => setError(failureText(failure, intl)),
      },
    );
  };
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(m.validateTitle)}
      description={intl.formatMessage(m.validateText, { scope: scopeText(item, intl) })}
      details={details(item, intl)}
      confirmText={intl.formatMessage(m.validate)}
      cancelText={intl.formatMessage(m.cancel)}
      confirmPalette="red"
      pending={decide.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

/** Rejecting a proposal or revoking an active restriction: both need a reason, both say what follows. */
export function ReasonDialog({ item, action, onClose }: { item: Restriction; action: 'reject' | 'revoke'; onClose: () => void }) {
  const intl = useIntl();
  const decide = useDecideRestriction();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reject = action === 'reject';
  const submit = () => {
    setError(null);
    decide.mutate(
      { id: item.id, action, reason: reason.trim() },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(reject ? m.rejected : m.revoked) });
          onClose();
        },
        onError: (failure) => setError(failureText(failure, intl)),
      },
    );
  };
  return (
    <FormDialog
      title={intl.formatMessage(reject ? m.rejectTitle : m.revokeTitle)}
      description={`${intl.formatMessage(reject ? m.rejectText : m.revokeText)} ${intl.formatMessage(KIND_MESSAGES[item.kind])} ${item.value} · ${scopeText(item, intl)}`}
      submitText={intl.formatMessage(reject ? m.reject : m.revoke)}
      submitPalette="red"
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.decisionFailed)}
      error={error}
      pending={decide.isPending}
      validate={() => {
        const ok = reason.trim().length >= 3;
        setInvalid(!ok);
        return ok;
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={intl.formatMessage(m.reason)}
        required
        multiline
        maxLength={1000}
        value={reason}
        onChange={(text) => {
          setReason(text);
          setInvalid(false);
        }}
        error={invalid ? intl.formatMessage(m.errReason) : null}
      />
    </FormDialog>
  );
}
