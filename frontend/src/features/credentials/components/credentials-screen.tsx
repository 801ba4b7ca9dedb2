import { Alert, Badge, Button, Clipboard, Code, Dialog, EmptyState, Field, Flex, Input, InputGroup, NativeSelect, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import type { ApiKey, ApiKeyCreated } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format';

import { useCreateApiKey } from '../api/create-api-key';
import { getApiKeysQueryOptions } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { EXPIRY_CHOICES, type ExpiryChoice, type KeyFormErrors, type KeyFormValues, NAME_MAX, isRevocable, validateKeyForm } from '../lib/key-form';
import { credentialsMessages as m, expiryMessages, keyStatusMessages } from '../messages';

const PALETTE: Record<string, string> = { active: 'green', expired: 'orange', revoked: 'red' };
const EXPIRY_LABEL: Record<ExpiryChoice, keyof typeof expiryMessages> = { '': 'never', '30': 'days30', '90': 'days90', '365': 'days365' };
const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);

/**
 * client/credentials: the tenant's API keys (for the merchant's integrations). Create shows the token
 * once; revoke asks for confirmation. Read-only roles see the list without the write actions.
 */
export default function CredentialsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const keys = useQuery(getApiKeysQueryOptions());
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Stack gap="2" maxW="4xl">
        <Text>{intl.formatMessage(m.intro)}</Text>
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(m.usage)} <Code>Authorization: Bearer cofre_…</Code>
        </Text>
      </Stack>
      {writable && (
        <Flex>
          <Button colorPalette="blue" onClick={() => setCreating(true)}>
            {intl.formatMessage(m.create)}
          </Button>
        </Flex>
      )}
      {keys.isError ? (
        <EmptyState.Root borderWidth="1px" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
            <Button size="sm" onClick={() => void keys.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : keys.data && keys.data.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.empty)}</EmptyState.Title>
            <EmptyState.Description>{intl.formatMessage(writable ? m.emptyText : m.emptyTextReadOnly)}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <KeysTable keys={keys.data} writable={writable} onRevoke={setRevoking} />
      )}
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
      <AppToaster />
    </Stack>
  );
}

function KeysTable({ keys, writable, onRevoke }: { keys: ApiKey[] | undefined; writable: boolean; onRevoke: (key: ApiKey) => void }) {
  const intl = useIntl();
  const columns = writable ? 7 : 6;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
      <Table.Root size="sm" aria-label={intl.formatMessage(m.list)} aria-busy={!keys || undefined}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{intl.formatMessage(m.name)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.prefix)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.status)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.createdAt)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.lastUsed)}</Table.ColumnHeader>
            <Table.ColumnHeader>{intl.formatMessage(m.expiresAt)}</Table.ColumnHeader>
            {writable && <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.actions)}</Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!keys ? (
            [0, 1, 2].map((row) => (
              <Table.Row key={row}>
                <Table.Cell colSpan={columns}>
                  <Skeleton height="5" />
                </Table.Cell>
              </Table.Row>
            ))
          ) : (
            keys.map((key) => (
              <Table.Row key={key.id} data-api-key={key.id}>
                <Table.Cell fontWeight="medium">{key.name}</Table.Cell>
                <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                  {key.prefix}_…
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={PALETTE[key.status] ?? 'gray'} variant="subtle">
                    {intl.formatMessage(keyStatusMessages[key.status])}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <Text whiteSpace="nowrap">{when(key.created_at, intl.locale)}</Text>
                  <Text color="fg.muted" fontSize="xs">
                    {intl.formatMessage(m.createdBy, { email: key.created_by })}
                  </Text>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{key.last_used_at ? when(key.last_used_at, intl.locale) : intl.formatMessage(m.neverUsed)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{key.expires_at ? when(key.expires_at, intl.locale) : intl.formatMessage(m.noExpiry)}</Table.Cell>
                {writable && (
                  <Table.Cell textAlign="end">
                    {isRevocable(key.status) && (
                      <Button size="xs" variant="outline" colorPalette="red" aria-label={intl.formatMessage(m.revokeLabel, { name: key.name })} onClick={() => onRevoke(key)}>
                        {intl.formatMessage(m.revoke)}
                      </Button>
                    )}
                  </Table.Cell>
                )}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Name and expiry; once created, the token (shown this once) with a copy button. */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const create = useCreateApiKey();
  const [values, setValues] = useState<KeyFormValues>({ name: '', expiry: '' });
  const [errors, setErrors] = useState<KeyFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const close = () => {
    setCreated(null); // the token lives in this dialog only
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = validateKeyForm(values);
    setErrors(checked.errors);
    setServerError(null);
    if (!checked.body) return;
    create.mutate(checked.body, {
      onSuccess: (key) => setCreated(key),
      onError: (error) => setServerError(isApiError(error) && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater)),
    });
  };

  const title = intl.formatMessage(created ? m.tokenTitle : m.formTitle);
  return (
    // With the token on screen, only the explicit button closes the dialog: a stray click or Esc must
    // not throw away a secret that cannot be shown again.
    <Dialog.Root
      open
      role={created ? 'alertdialog' : 'dialog'}
      closeOnInteractOutside={!created}
      closeOnEscape={!created}
      onOpenChange={(details) => !details.open && close()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {created ? (
              <>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Alert.Root status="warning">
                      <Alert.Indicator />
                      <Alert.Description>{intl.formatMessage(m.tokenWarning)}</Alert.Description>
                    </Alert.Root>
                    <TokenField label={intl.formatMessage(m.tokenLabel, { name: created.name })} token={created.token} />
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button colorPalette="blue" onClick={close}>
                    {intl.formatMessage(m.done)}
                  </Button>
                </Dialog.Footer>
              </>
            ) : (
              <form onSubmit={submit} noValidate aria-label={title} style={{ display: 'contents' }}>
                <Dialog.Header>
                  <Dialog.Title>{title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    {serverError && (
                      <Alert.Root status="error" role="alert">
                        <Alert.Indicator />
                        <Alert.Description>
                          {intl.formatMessage(m.createFailed)}: {serverError}
                        </Alert.Description>
                      </Alert.Root>
                    )}
                    <Field.Root invalid={Boolean(errors.name)} required>
                      <Field.Label>{intl.formatMessage(m.nameLabel)}</Field.Label>
                      <Input
                        value={values.name}
                        maxLength={NAME_MAX}
                        autoComplete="off"
                        onChange={(e) => {
                          const name = e.currentTarget.value;
                          setValues((current) => ({ ...current, name }));
                          setErrors({});
                        }}
                      />
                      {errors.name ? <Field.ErrorText>{intl.formatMessage(errors.name)}</Field.ErrorText> : <Field.HelperText>{intl.formatMessage(m.nameHint)}</Field.HelperText>}
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>{intl.formatMessage(m.expiry)}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={values.expiry}
                          onChange={(e) => {
                            const expiry = e.currentTarget.value as ExpiryChoice;
                            setValues((current) => ({ ...current, expiry }));
                          }}
                        >
                          {EXPIRY_CHOICES.map((choice) => (
                            <option key={choice} value={choice}>
                              {intl.formatMessage(expiryMessages[EXPIRY_LABEL[choice]])}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button type="button" variant="outline" onClick={close}>
                    {intl.formatMessage(m.cancel)}
                  </Button>
                  <Button type="submit" colorPalette="blue" loading={create.isPending}>
                    {intl.formatMessage(m.submit)}
                  </Button>
                </Dialog.Footer>
              </form>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TokenField({ label, token }: { label: string; token: string }) {
  const intl = useIntl();
  const copy = intl.formatMessage(m.copy);
  const copied = intl.formatMessage(m.copied);
  return (
    <Clipboard.Root value={token} translations={{ triggerLabel: (done) => (done ? copied : copy) }}>
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <InputGroup
          endElement={
            <Clipboard.Trigger asChild>
              <Button size="xs" variant="surface" me="-2">
                <Clipboard.Indicator copied={copied}>{copy}</Clipboard.Indicator>
              </Button>
            </Clipboard.Trigger>
          }
          endElementProps={{ pe: '3' }}
        >
          <Input value={token} readOnly fontFamily="mono" fontSize="sm" pe="24" onFocus={(e) => e.currentTarget.select()} />
        </InputGroup>
      </Field.Root>
    </Clipboard.Root>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const intl = useIntl();
  const revoke = useRevokeApiKey();
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        onClose();
        appToaster.create({ type: 'success', title: intl.formatMessage(m.revoked) });
      },
      onError: (error) => {
        onClose();
        appToaster.create({
          type: 'error',
          title: intl.formatMessage(m.revokeFailed),
          description: isApiError(error) ? error.message : intl.formatMessage(commonMessages.tryAgainLater),
        });
      },
    });
  };
  return (
    <Dialog.Root role="alertdialog" open={Boolean(apiKey)} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{intl.formatMessage(m.revokeTitle)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{apiKey && intl.formatMessage(m.revokeText, { name: apiKey.name, prefix: `${apiKey.prefix}_…` })}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {intl.formatMessage(m.cancel)}
              </Button>
              <Button colorPalette="red" loading={revoke.isPending} onClick={confirm}>
                {intl.formatMessage(m.revokeConfirm)}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
