import { Alert, Badge, Button, Code, EmptyState, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { CopyField, DataGrid, SecretOnce, type GridColumn } from '@/components/kit';
import type { ApiKey, ApiKeyCreated, ApiKeyRotated } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { SelectField, TextField } from '@/components/kit/form-fields';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format';

import { useCreateApiKey } from '../api/create-api-key';
import { getApiKeysQueryOptions } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { useRotateApiKey } from '../api/rotate-api-key';
import { EXPIRY_CHOICES, type ExpiryChoice, type KeyFormErrors, type KeyFormValues, NAME_MAX, OVERLAP_CHOICES, type OverlapChoice, SCOPE_CHOICES, type ScopeChoice, isRevocable, isRotatable, validateKeyForm } from '../lib/key-form';
import { credentialsMessages as m, expiryMessages, keyStatusMessages, overlapMessages, scopeMessages } from '../messages';

const PALETTE: Record<string, string> = { active: 'green', expired: 'orange', revoked: 'red' };
const EXPIRY_LABEL: Record<ExpiryChoice, keyof typeof expiryMessages> = { '': 'never', '30': 'days30', '90': 'days90', '365': 'days365' };
const OVERLAP_LABEL: Record<OverlapChoice, keyof typeof overlapMessages> = { '0': 'now', '1': 'hour1', '24': 'hours24', '168': 'days7' };
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
  const [rotating, setRotating] = useState<ApiKey | null>(null);

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
        <KeysTable keys={keys.data} writable={writable} onRevoke={setRevoking} onRotate={setRotating} />
      )}
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
      {rotating && <RotateKeyDialog apiKey={rotating} onClose={() => setRotating(null)} />}
      <AppToaster />
    </Stack>
  );
}

function KeysTable({ keys, writable, onRevoke, onRotate }: { keys: ApiKey[] | undefined; writable: boolean; onRevoke: (key: ApiKey) => void; onRotate: (key: ApiKey) => void }) {
  const intl = useIntl();
  const columns: GridColumn<ApiKey>[] = [
    { key: 'name', header: intl.formatMessage(m.name), priority: 1, card: 'title', cell: (key) => <Text fontWeight="medium">{key.name}</Text> },
    { key: 'prefix', header: intl.formatMessage(m.prefix), priority: 1, nowrap: true, mono: true, cell: (key) => `${key.prefix}_…` },
    {
      key: 'status',
      header: intl.formatMessage(m.status),
      priority: 1,
      card: 'status',
      cell: (key) => (
        <>
          <Badge colorPalette={PALETTE[key.status] ?? 'gray'} variant="subtle">
            {intl.formatMessage(keyStatusMessages[key.status])}
          </Badge>
          {key.previous_secret_expires_at && key.status === 'active' && (
            <Text color="fg.muted" fontSize="xs" whiteSpace="nowrap">
              {intl.formatMessage(m.overlapUntil, { date: when(key.previous_secret_expires_at, intl.locale) })}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'scope',
      header: intl.formatMessage(m.scope),
      priority: 2,
      nowrap: true,
      cell: (key) => (
        <Badge colorPalette={key.scope === 'read_only' ? 'purple' : 'blue'} variant="outline">
          {intl.formatMessage(scopeMessages[key.scope])}
        </Badge>
      ),
    },
    {
      key: 'allowed_ips',
      header: intl.formatMessage(m.allowedIps),
      priority: 3,
      cell: (key) => (
        <Text as="span" fontFamily={key.allowed_ips.length ? 'mono' : undefined} fontSize="xs">
          {key.allowed_ips.length ? key.allowed_ips.join(', ') : intl.formatMessage(m.anyIp)}
        </Text>
      ),
    },
    {
      key: 'created_at',
      header: intl.formatMessage(m.createdAt),
      priority: 2,
      card: 'date',
      cell: (key) => (
        <>
          <Text whiteSpace="nowrap">{when(key.created_at, intl.locale)}</Text>
          <Text color="fg.muted" fontSize="xs">
            {intl.formatMessage(m.createdBy, { email: key.created_by })}
          </Text>
        </>
      ),
    },
    { key: 'last_used_at', header: intl.formatMessage(m.lastUsed), priority: 3, nowrap: true, cell: (key) => (key.last_used_at ? when(key.last_used_at, intl.locale) : intl.formatMessage(m.neverUsed)) },
    { key: 'expires_at', header: intl.formatMessage(m.expiresAt), priority: 2, nowrap: true, cell: (key) => (key.expires_at ? when(key.expires_at, intl.locale) : intl.formatMessage(m.noExpiry)) },
  ];
  if (writable) {
    columns.push({
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      numeric: true,
      cell: (key) => (
        <HStack gap="2" justify="end">
          {isRotatable(key.status) && (
            <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.rotateLabel, { name: key.name })} onClick={() => onRotate(key)}>
              {intl.formatMessage(m.rotate)}
            </Button>
          )}
          {isRevocable(key.status) && (
            <Button size="xs" variant="outline" colorPalette="red" aria-label={intl.formatMessage(m.revokeLabel, { name: key.name })} onClick={() => onRevoke(key)}>
              {intl.formatMessage(m.revoke)}
            </Button>
          )}
        </HStack>
      ),
    });
  }
  return <DataGrid caption={intl.formatMessage(m.list)} columns={columns} rows={keys} rowKey={(key) => key.id} rowAttributes={(key) => ({ 'data-api-key': key.id })} busy={!keys} skeletonRows={3} />;
}

/** Name and expiry; once created, the token (shown this once) with a copy button. */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const create = useCreateApiKey();
  const [values, setValues] = useState<KeyFormValues>({ name: '', expiry: '', scope: 'full', allowedIps: '' });
  const [errors, setErrors] = useState<KeyFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const close = () => {
    setCreated(null); // the token lives in this dialog only
    create.reset();
    onClose();
  };
  const validate = () => {
    const checked = validateKeyForm(values);
    setErrors(checked.errors);
    setServerError(null);
    return Boolean(checked.body);
  };
  const submit = () => {
    const checked = validateKeyForm(values);
    if (!checked.body) return;
    create.mutate(checked.body, {
      onSuccess: (key) => setCreated(key),
      onError: (error) => setServerError(isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater)),
    });
  };

  return (
    <FormDialog
      title={intl.formatMessage(m.formTitle)}
      submitText={intl.formatMessage(m.submit)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.createFailed)}
      error={serverError}
      pending={create.isPending}
      validate={validate}
      onSubmit={submit}
      onClose={close}
      result={
        created && {
          title: intl.formatMessage(m.tokenTitle),
          locked: true,
          body: (
            <SecretOnce warning={intl.formatMessage(m.tokenWarning)} label={intl.formatMessage(m.tokenLabel, { name: created.name })} value={created.token} />
          ),
          footer: (
            <Button colorPalette="blue" onClick={close}>
              {intl.formatMessage(m.done)}
            </Button>
          ),
        }
      }
    >
      <TextField
        label={intl.formatMessage(m.nameLabel)}
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        value={values.name}
        onChange={(name) => {
          setValues((current) => ({ ...current, name }));
          setErrors({});
        }}
        error={errors.name ? intl.formatMessage(errors.name) : null}
        helper={intl.formatMessage(m.nameHint)}
      />
      <SelectField
        label={intl.formatMessage(m.expiry)}
        value={values.expiry}
        onChange={(expiry) => setValues((current) => ({ ...current, expiry: expiry as ExpiryChoice }))}
        options={EXPIRY_CHOICES.map((choice) => ({ value: choice, label: intl.formatMessage(expiryMessages[EXPIRY_LABEL[choice]]) }))}
      />
      <SelectField
        label={intl.formatMessage(m.scope)}
        value={values.scope ?? 'full'}
        onChange={(scope) => setValues((current) => ({ ...current, scope: scope as ScopeChoice }))}
        options={SCOPE_CHOICES.map((choice) => ({ value: choice, label: intl.formatMessage(scopeMessages[choice]) }))}
        helper={intl.formatMessage(m.scopeHint)}
      />
      <TextField
        label={intl.formatMessage(m.allowedIps)}
        autoComplete="off"
        value={values.allowedIps ?? ''}
        onChange={(allowedIps) => {
          setValues((current) => ({ ...current, allowedIps }));
          setErrors({});
        }}
        error={errors.allowedIps ? intl.formatMessage(errors.allowedIps) : null}
        helper={intl.formatMessage(m.allowedIpsHint)}
      />
    </FormDialog>
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
    <ConfirmDialog
      open={Boolean(apiKey)}
      title={intl.formatMessage(m.revokeTitle)}
      description={apiKey ? intl.formatMessage(m.revokeText, { name: apiKey.name, prefix: `${apiKey.prefix}_…` }) : ''}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(m.revokeConfirm)}
      pending={revoke.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

/** Choose how long the current secret keeps working, confirm, then the new token (shown this once). */
function RotateKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const intl = useIntl();
  const rotate = useRotateApiKey();
  const [overlap, setOverlap] = useState<OverlapChoice>('24');
  const [serverError, setServerError] = useState<string | null>(null);
  const [rotated, setRotated] = useState<ApiKeyRotated | null>(null);
  const overlapLabel = intl.formatMessage(overlapMessages[OVERLAP_LABEL[overlap]]);

  const close = () => {
    setRotated(null); // the token lives in this dialog only
    rotate.reset();
    onClose();
  };
  const submit = () => {
    setServerError(null);
    rotate.mutate(
      { id: apiKey.id, overlapHours: Number(overlap) },
      {
        onSuccess: (key) => setRotated(key),
        onError: (error) => setServerError(isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater)),
      },
    );
  };

  return (
    <FormDialog
      title={intl.formatMessage(m.rotateTitle, { name: apiKey.name })}
      description={intl.formatMessage(m.rotateText)}
      submitText={intl.formatMessage(m.rotateNext)}
      cancelText={intl.formatMessage(m.cancel)}
      errorTitle={intl.formatMessage(m.rotateFailed)}
      error={serverError}
      pending={rotate.isPending}
      onSubmit={submit}
      onClose={close}
      confirmation={{
        title: intl.formatMessage(m.rotateReviewTitle),
        description: intl.formatMessage(m.rotateReviewText),
        summary: [
          { label: intl.formatMessage(m.reviewKey), value: `${apiKey.name} (${apiKey.prefix}_…)` },
          { label: intl.formatMessage(m.overlap), value: overlapLabel },
        ],
        confirmText: intl.formatMessage(m.rotateConfirm),
        confirmPalette: 'orange',
      }}
      result={
        rotated && {
          title: intl.formatMessage(m.rotatedTitle),
          locked: true,
          body: (
            <Stack gap="4">
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Description>{intl.formatMessage(m.tokenWarning)}</Alert.Description>
              </Alert.Root>
              <CopyField label={intl.formatMessage(m.tokenLabel, { name: rotated.name })} value={rotated.token} />
              <Text fontSize="sm">
                {rotated.previous_secret_expires_at
                  ? intl.formatMessage(m.rotatedUntil, { date: when(rotated.previous_secret_expires_at, intl.locale) })
                  : intl.formatMessage(m.rotatedNow)}
              </Text>
            </Stack>
          ),
          footer: (
            <Button colorPalette="blue" onClick={close}>
              {intl.formatMessage(m.done)}
            </Button>
          ),
        }
      }
    >
      <SelectField
        label={intl.formatMessage(m.overlap)}
        value={overlap}
        onChange={(value) => setOverlap(value as OverlapChoice)}
        options={OVERLAP_CHOICES.map((choice) => ({ value: choice, label: intl.formatMessage(overlapMessages[OVERLAP_LABEL[choice]]) }))}
      />
    </FormDialog>
  );
}
