import { useState } from 'react';
import { useIntl } from 'react-intl';

import type { Plugin } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { FormDialog } from '@/components/kit/form-dialog';
import { SelectField } from '@/components/kit/form-fields';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

import { useSetRoute } from '../api/set-route';
import { methodName } from '../lib/display';
import { type RouteRow, providersFor } from '../lib/routing';
import { bankRoutingMessages as m, faultMessage } from '../messages';

type Props = {
  row: RouteRow;
  /** The client's slug; null for the platform default. */
  client: string | null;
  scopeName: string;
  plugins: Plugin[];
  providerName: (code: string) => string;
  onClose: () => void;
};

/** Choose the bank provider of a method: only enabled providers that collect it are offered. */
export function RouteDialog({ row, client, scopeName, plugins, providerName, onClose }: Props) {
  const intl = useIntl();
  const save = useSetRoute();
  const choices = providersFor(plugins, row.method);
  const [provider, setProvider] = useState(row.own?.provider ?? (choices.length === 1 ? choices[0]!.code : ''));
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const method = methodName(intl, row.method);

  const validate = () => {
    if (provider) return true;
    setError(intl.formatMessage(faultMessage('required')));
    return false;
  };

  const submit = () => {
    setServerError(null);
    save.mutate(
      { tenant: client, method: row.method, provider },
      {
        onSuccess: (route) => {
          appToaster.create({
            type: 'success',
            title: intl.formatMessage(m.routeSaved),
            description: intl.formatMessage(m.routeSavedText, { method, scope: scopeName, provider: providerName(route.provider) }),
          });
          onClose();
        },
        onError: (failure) => {
          const code = isApiError(failure) ? failure.fields?.provider : undefined;
          if (code) setError(intl.formatMessage(faultMessage(code), { code }));
          setServerError(isApiError(failure) && failure.status > 0 && failure.status < 500 ? failure.message : intl.formatMessage(commonMessages.tryAgainLater));
        },
      },
    );
  };

  return (
    <FormDialog
      title={intl.formatMessage(m.routeTitle, { method })}
      description={client ? intl.formatMessage(m.routeTextClient, { client: scopeName, method }) : intl.formatMessage(m.routeTextPlatform, { method })}
      submitText={intl.formatMessage(m.saveRoute)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.routeFailed)}
      error={serverError}
      pending={save.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={intl.formatMessage(m.colProvider)}
        required
        placeholder={intl.formatMessage(m.chooseProvider)}
        options={choices.map((plugin) => ({ value: plugin.code, label: plugin.name }))}
        value={provider}
        onChange={(value) => {
          setProvider(value);
          setError(null);
        }}
        error={error}
        helper={choices.length === 0 ? intl.formatMessage(m.noProviders) : undefined}
      />
    </FormDialog>
  );
}
