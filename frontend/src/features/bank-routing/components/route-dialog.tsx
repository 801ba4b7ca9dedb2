import { Alert, Button, CloseButton, Dialog, Field, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import type { Plugin } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!provider) {
      setError(intl.formatMessage(faultMessage('required')));
      return;
    }
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
          setServerError(isApiError(failure) && failure.status < 500 ? failure.message : intl.formatMessage(commonMessages.tryAgainLater));
        },
      },
    );
  };

  const title = intl.formatMessage(m.routeTitle, { method });
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label={title} style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {serverError && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{intl.formatMessage(m.routeFailed)}</Alert.Title>
                        <Alert.Description>{serverError}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  <Text>{client ? intl.formatMessage(m.routeTextClient, { client: scopeName, method }) : intl.formatMessage(m.routeTextPlatform, { method })}</Text>
                  <Field.Root invalid={Boolean(error)} required>
                    <Field.Label>{intl.formatMessage(m.colProvider)}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={provider}
                        onChange={(e) => {
                          setProvider(e.currentTarget.value);
                          setError(null);
                        }}
                      >
                        <option value="">{intl.formatMessage(m.chooseProvider)}</option>
                        {choices.map((plugin) => (
                          <option key={plugin.code} value={plugin.code}>
                            {plugin.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {choices.length === 0 && <Field.HelperText>{intl.formatMessage(m.noProviders)}</Field.HelperText>}
                    <Field.ErrorText>{error}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  {intl.formatMessage(m.cancel)}
                </Button>
                <Button type="submit" colorPalette="blue" loading={save.isPending}>
                  {intl.formatMessage(m.saveRoute)}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage(commonMessages.close)} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
