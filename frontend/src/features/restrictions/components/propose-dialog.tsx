import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { getStaffClientsQueryOptions } from '@/api/get-staff-clients';
import { appToaster } from '@/components/app-toaster';
import { labelsOf } from '@/components/kit';
import { DateField, useCheckDate } from '@/components/kit/date-field';
import { FormDialog } from '@/components/kit/form-dialog';
import { SelectField, TextField } from '@/components/kit/form-fields';
import { serverErrors } from '@/components/kit/server-errors';
import { commonMessages } from '@/i18n/messages';

import { useProposeRestriction } from '../api/restrictions';
import { KINDS, type Kind, type ValueError, checkValue } from '../lib/value';
import { restrictionMessages as m } from '../messages';
import { KIND_MESSAGES, VALUE_HELPERS } from './labels';

type Field = 'kind' | 'value' | 'scope' | 'client' | 'reason' | 'expires_at';
const FIELD_MAP: Record<string, Field> = { kind: 'kind', value: 'value', scope: 'scope', client: 'client', reason: 'reason', expires_at: 'expires_at' };

/** The end of the chosen day in the browser's time zone, as the API wants it (with its offset). */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

/** Propose a restriction: kind, value (checked per kind), scope (the platform or one client), reason, expiry. */
export function ProposeDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const checkDate = useCheckDate();
  const propose = useProposeRestriction();
  const clients = useQuery(getStaffClientsQueryOptions());
  const [kind, setKind] = useState<Kind>('document');
  const [value, setValue] = useState('');
  const [scope, setScope] = useState<'platform' | 'client'>('platform');
  const [client, setClient] = useState('');
  const [reason, setReason] = useState('');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const valueErrors: Record<ValueError, string> = {
    required: intl.formatMessage(m.errRequired),
    invalid_document: intl.formatMessage(m.errDocument),
    invalid_email: intl.formatMessage(m.errEmail),
    invalid_phone: intl.formatMessage(m.errPhone),
    invalid_pix_key: intl.formatMessage(m.errPixKey),
    bank_agency_account: intl.formatMessage(m.errBankAccount),
  };
  const translate = (code: string): string | undefined => {
    if (code in valueErrors) return valueErrors[code as ValueError];
    if (code === 'unknown_bank') return intl.formatMessage(m.errUnknownBank);
    if (code === 'invalid_cpf' || code === 'invalid_cnpj') return valueErrors.invalid_document;
    if (code === 'must_be_future') return intl.formatMessage(m.errFuture);
    if (code === 'not_found') return intl.formatMessage(m.errClient);
    return undefined;
  };

  const check = (): boolean => {
    const found: Partial<Record<Field, string>> = {};
    const valueError = checkValue(kind, value);
    if (valueError) found.value = valueErrors[valueError];
    if (scope === 'client' && !client) found.client = intl.formatMessage(m.errClient);
    if (reason.trim().length < 3) found.reason = intl.formatMessage(m.errReason);
    const badDay = checkDate(expires);
    if (badDay) found.expires_at = badDay;
    else if (expires && Date.parse(endOfDay(expires)) <= Date.now()) found.expires_at = intl.formatMessage(m.errFuture);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = () => {
    setGeneral(null);
    propose.mutate(
      { kind, value: value.trim(), scope, client: scope === 'client' ? client : null, reason: reason.trim(), expires_at: expires ? endOfDay(expires) : null },
      {
        onSuccess: () => {
          appToaster.create({ type: 'success', title: intl.formatMessage(m.proposed) });
          onClose();
        },
        onError: (failure) => {
          const mapped = serverErrors(failure, FIELD_MAP, { translate, fallback: intl.formatMessage(commonMessages.tryAgainLater) });
          setErrors(mapped.fields);
          setGeneral(mapped.general);
        },
      },
    );
  };

  const kindLabels = labelsOf(intl, KINDS, KIND_MESSAGES);
  return (
    <FormDialog
      title={intl.formatMessage(m.proposeTitle)}
      description={intl.formatMessage(m.proposeDescription)}
      submitText={intl.formatMessage(m.proposeSubmit)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.proposeFailed)}
      error={general}
      invalid={Object.keys(errors).length > 0}
      pending={propose.isPending}
      validate={check}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={intl.formatMessage(m.kind)}
        required
        value={kind}
        onChange={(chosen) => {
          setKind(chosen as Kind);
          setErrors({ ...errors, value: undefined });
        }}
        options={KINDS.map((k) => ({ value: k, label: kindLabels[k] }))}
      />
      <TextField
        label={intl.formatMessage(m.value)}
        required
        name="value"
        maxLength={200}
        value={value}
        helper={intl.formatMessage(VALUE_HELPERS[kind])}
        error={errors.value}
        onChange={(text) => {
          setValue(text);
          setErrors({ ...errors, value: undefined });
        }}
      />
      <SelectField
        label={intl.formatMessage(m.scope)}
        required
        value={scope}
        onChange={(chosen) => setScope(chosen === 'client' ? 'client' : 'platform')}
        options={[
          { value: 'platform', label: intl.formatMessage(m.scopePlatform) },
          { value: 'client', label: intl.formatMessage(m.scopeClient) },
        ]}
        error={errors.scope}
      />
      {scope === 'client' && (
        <SelectField
          label={intl.formatMessage(m.client)}
          required
          value={client}
          placeholder={intl.formatMessage(m.chooseClient)}
          loading={clients.isPending}
          onChange={(chosen) => {
            setClient(chosen);
            setErrors({ ...errors, client: undefined });
          }}
          options={(clients.data ?? []).map((tenant) => ({ value: tenant.slug, label: tenant.name }))}
          error={errors.client}
        />
      )}
      <TextField
        label={intl.formatMessage(m.reason)}
        required
        multiline
        maxLength={1000}
        value={reason}
        error={errors.reason}
        onChange={(text) => {
          setReason(text);
          setErrors({ ...errors, reason: undefined });
        }}
      />
      <DateField
        label={intl.formatMessage(m.expiresAt)}
        name="expires_at"
        value={expires}
        helper={intl.formatMessage(m.expiresHelper)}
        error={errors.expires_at}
        onChange={(day) => {
          setExpires(day);
          setErrors({ ...errors, expires_at: undefined });
        }}
      />
    </FormDialog>
  );
}
