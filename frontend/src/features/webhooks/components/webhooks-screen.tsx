import { Badge, Box, Button, Checkbox, Code, EmptyState, Fieldset, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { FormDialog } from '@/components/kit/form-dialog';
import { TextField } from '@/components/kit/form-fields';
import { DataGrid, defineList, DetailDrawer, FilterSelect, type GridColumn, ListView, SecretOnce, useList } from '@/components/kit';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format';

import { getDeliveriesQueryOptions, getDeliveryQueryOptions, useResendDelivery } from '../api/deliveries';
import { getEndpointsQueryOptions, getEventTypesQueryOptions, useCreateEndpoint, useDeleteEndpoint, useRotateSecret, useUpdateEndpoint } from '../api/endpoints';
import { type EndpointFormErrors, type EndpointFormValues, URL_MAX, groupEventTypes, validateEndpointForm } from '../lib/endpoint-form';
import { deliveryStatusMessages, endpointStatusMessages, kindMessages, webhooksMessages as m } from '../messages';

const when = (iso: string, locale: string) => formatDateTime(Math.floor(Date.parse(iso) / 1000), locale);
const ENDPOINT_PARAM = 'endpoint';
const DELIVERY_PARAM = 'delivery';
const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
const DELIVERY_PALETTE: Record<string, string> = { pending: 'gray', succeeded: 'green', failed: 'orange' };
const failMessage = (intl: IntlShape, error: unknown) => (isApiError(error) && error.status > 0 && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater));

/** clients/webhooks: an endpoint's delivery log, in the URL (endpoint, filters, page, the open delivery). */
export const deliveriesList = defineList({
  id: 'webhook-deliveries',
  filters: { [ENDPOINT_PARAM]: { pattern: /^we_[0-9a-f]+$/ }, type: { pattern: /^[a-z_]+\.[a-z_]+$/ }, status: { values: DELIVERY_STATUSES } },
  sorts: ['-id'] as const,
  defaultSort: '-id',
});

type EndpointAction = { kind: 'pause' | 'resume' | 'rotate' | 'delete'; endpoint: WebhookEndpoint };

/**
 * clients/webhooks: the tenant's webhook endpoints (add, pause/resume, rotate the secret, delete) and
 * the delivery log of the one chosen, with each attempt's request and answer and a resend button.
 */
export default function WebhooksScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const endpoints = useQuery(getEndpointsQueryOptions());
  const list = useList(deliveriesList, { detailParam: DELIVERY_PARAM });
  const [creating, setCreating] = useState(false);
  const [action, setAction] = useState<EndpointAction | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointCreated | null>(null);
  const chosenId = typeof list.state.filters[ENDPOINT_PARAM] === 'string' ? list.state.filters[ENDPOINT_PARAM] : '';
  const chosen = endpoints.data?.find((endpoint) => endpoint.id === chosenId) ?? null;
  const choose = (endpoint: WebhookEndpoint) => list.set({ filters: { [ENDPOINT_PARAM]: endpoint.id, type: '', status: '' } });

  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <Stack gap="2" maxW="4xl">
        <Text>{intl.formatMessage(m.intro)}</Text>
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(m.signature)} <Code>Cofre-Signature: t=…,v1=…</Code>
        </Text>
      </Stack>
      {writable && (
        <Flex>
          <Button colorPalette="blue" onClick={() => setCreating(true)}>
            {intl.formatMessage(m.create)}
          </Button>
        </Flex>
      )}
      {endpoints.isError ? (
        <EmptyState.Root borderWidth="1px" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
            <Button size="sm" onClick={() => void endpoints.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : endpoints.data && endpoints.data.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.empty)}</EmptyState.Title>
            <EmptyState.Description>{intl.formatMessage(writable ? m.emptyText : m.emptyTextReadOnly)}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <DataGrid
          caption={intl.formatMessage(m.list)}
          columns={endpointColumns(intl, writable, choose, setAction)}
          rows={endpoints.data}
          rowKey={(endpoint) => endpoint.id}
          rowAttributes={(endpoint) => ({ 'data-endpoint': endpoint.id })}
          busy={endpoints.isPending}
        />
      )}
      {chosen && <Deliveries key={chosen.id} endpoint={chosen} list={list} writable={writable} />}
      {creating && <CreateEndpointDialog onClose={() => setCreating(false)} />}
      <EndpointActionDialog action={action} onClose={() => setAction(null)} onSecret={setSecret} />
      {secret && <SecretDialog created={secret} title={intl.formatMessage(m.rotate)} onClose={() => setSecret(null)} />}
      <AppToaster />
    </Stack>
  );
}

function endpointColumns(intl: IntlShape, writable: boolean, choose: (e: WebhookEndpoint) => void, act: (a: EndpointAction) => void): GridColumn<WebhookEndpoint>[] {
  const columns: GridColumn<WebhookEndpoint>[] = [
    { key: 'url', header: intl.formatMessage(m.url), priority: 1, card: 'title', mono: true, fixed: true, cell: (e) => e.url },
    {
      key: 'events',
      header: intl.formatMessage(m.events),
      priority: 2,
      cell: (e) => <Text title={e.events.join(', ')}>{intl.formatMessage(m.eventCount, { count: e.events.length })}</Text>,
    },
    {
      key: 'status',
      header: intl.formatMessage(m.status),
      priority: 1,
      card: 'status',
      cell: (e) => (
        <Stack gap="0">
          <Badge alignSelf="start" colorPalette={e.status === 'active' ? 'green' : 'orange'} variant="subtle">
            {intl.formatMessage(endpointStatusMessages[e.status])}
          </Badge>
          {e.paused_reason === 'failures' && (
            <Text color="fg.muted" fontSize="xs">
              {intl.formatMessage(m.pausedByFailures, { count: e.consecutive_failures })}
            </Text>
          )}
          {e.previous_secret_expires_at && Date.parse(e.previous_secret_expires_at) > Date.now() && (
            <Text color="fg.muted" fontSize="xs">
              {intl.formatMessage(m.overlapUntil, { date: when(e.previous_secret_expires_at, intl.locale) })}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'pending', header: intl.formatMessage(m.pending), priority: 2, numeric: true, cell: (e) => e.pending },
    { key: 'created', header: intl.formatMessage(m.createdAt), priority: 3, card: 'date', nowrap: true, cell: (e) => when(e.created_at, intl.locale) },
    {
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      fixed: true,
      cell: (e) => {
        const label = (action: keyof typeof m) => intl.formatMessage(m.actionsLabel, { action: intl.formatMessage(m[action]), url: e.url });
        return (
          <HStack gap="2" wrap="wrap">
            <Button size="xs" variant="outline" aria-label={label('deliveries')} onClick={() => choose(e)}>
              {intl.formatMessage(m.deliveries)}
            </Button>
            {writable && (
              <>
                <Button size="xs" variant="outline" aria-label={label(e.status === 'active' ? 'pause' : 'resume')} onClick={() => act({ kind: e.status === 'active' ? 'pause' : 'resume', endpoint: e })}>
                  {intl.formatMessage(e.status === 'active' ? m.pause : m.resume)}
                </Button>
                <Button size="xs" variant="outline" aria-label={label('rotate')} onClick={() => act({ kind: 'rotate', endpoint: e })}>
                  {intl.formatMessage(m.rotate)}
                </Button>
                <Button size="xs" variant="outline" colorPalette="red" aria-label={label('remove')} onClick={() => act({ kind: 'delete', endpoint: e })}>
                  {intl.formatMessage(m.remove)}
                </Button>
              </>
            )}
          </HStack>
        );
      },
    },
  ];
  return columns;
}

function Deliveries({ endpoint, list, writable }: { endpoint: WebhookEndpoint; list: ReturnType<typeof useList<'-id'>>; writable: boolean }) {
  const intl = useIntl();
  const eventTypes = useQuery(getEventTypesQueryOptions());
  const type = typeof list.state.filters.type === 'string' ? list.state.filters.type : '';
  const status = typeof list.state.filters.status === 'string' ? list.state.filters.status : '';
  const query = useQuery(
    getDeliveriesQueryOptions(endpoint.id, { type: type || undefined, status: status || undefined, per_page: list.state.perPage, cursor: list.state.cursor ?? undefined }),
  );
  const open = list.param(DELIVERY_PARAM);
  const columns: GridColumn<WebhookDelivery>[] = [
    { key: 'type', header: intl.formatMessage(m.event), priority: 1, card: 'title', mono: true, cell: (d) => d.type },
    { key: 'object', header: intl.formatMessage(m.object), priority: 3, mono: true, cell: (d) => d.object_id },
    {
      key: 'status',
      header: intl.formatMessage(m.status),
      priority: 1,
      card: 'status',
      cell: (d) => (
        <Badge colorPalette={DELIVERY_PALETTE[d.status] ?? 'gray'} variant="subtle">
          {intl.formatMessage(deliveryStatusMessages[d.status])}
        </Badge>
      ),
    },
    { key: 'response', header: intl.formatMessage(m.response), priority: 1, nowrap: true, cell: (d) => d.last_status_code ?? (d.last_error || '—') },
    { key: 'latency', header: intl.formatMessage(m.latency), priority: 2, numeric: true, cell: (d) => (d.last_latency_ms === null ? '—' : intl.formatMessage(m.ms, { ms: d.last_latency_ms })) },
    { key: 'attempts', header: intl.formatMessage(m.attempts), priority: 2, numeric: true, cell: (d) => d.attempts },
    { key: 'when', header: intl.formatMessage(m.when), priority: 2, card: 'date', nowrap: true, cell: (d) => when(d.created_at, intl.locale) },
    {
      key: 'actions',
      header: intl.formatMessage(m.actions),
      priority: 1,
      card: 'actions',
      fixed: true,
      cell: (d) => (
        <Button size="xs" variant="outline" aria-label={intl.formatMessage(m.detailsLabel, { id: d.id })} onClick={() => list.setParam(DELIVERY_PARAM, d.id)}>
          {intl.formatMessage(m.details)}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="3" as="section" aria-label={intl.formatMessage(m.deliveriesLabel, { url: endpoint.url })}>
      <Text fontWeight="semibold">{intl.formatMessage(m.deliveriesLabel, { url: endpoint.url })}</Text>
      <ListView
        list={list}
        caption={intl.formatMessage(m.deliveriesLabel, { url: endpoint.url })}
        columns={columns}
        query={query}
        rowKey={(d) => d.id}
        rowAttributes={(d) => ({ 'data-delivery': d.id })}
        filters={
          <>
            <FilterSelect
              list={list}
              name="type"
              label={intl.formatMessage(m.event)}
              allLabel={intl.formatMessage(m.allTypes)}
              options={(eventTypes.data?.items ?? endpoint.events).map((value) => ({ value, label: value }))}
            />
            <FilterSelect
              list={list}
              name="status"
              label={intl.formatMessage(m.status)}
              allLabel={intl.formatMessage(m.allStatuses)}
              options={DELIVERY_STATUSES.map((value) => ({ value, label: intl.formatMessage(deliveryStatusMessages[value]) }))}
            />
          </>
        }
        errorTitle={intl.formatMessage(m.deliveriesError)}
        emptyTitle={intl.formatMessage(m.deliveriesEmpty)}
      />
      <DetailDrawer open={Boolean(open)} title={open ?? ''} size="lg" onClose={() => list.setParam(DELIVERY_PARAM, null)}>
        {open && <DeliveryDetail id={open} writable={writable} />}
      </DetailDrawer>
    </Stack>
  );
}

function DeliveryDetail({ id, writable }: { id: string; writable: boolean }) {
  const intl = useIntl();
  const detail = useQuery(getDeliveryQueryOptions(id));
  const resend = useResendDelivery();
  const delivery = detail.data;
  if (!delivery) return <Text color="fg.muted">{detail.isError ? intl.formatMessage(m.deliveriesError) : '…'}</Text>;
  const doResend = () =>
    resend.mutate(id, {
      onSuccess: () => appToaster.create({ type: 'success', title: intl.formatMessage(m.resent) }),
      onError: (error) => appToaster.create({ type: 'error', title: intl.formatMessage(m.resendFailed), description: failMessage(intl, error) }),
    });
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap">
        <Stack gap="1">
          <Text fontFamily="mono">{delivery.type}</Text>
          <Text fontSize="sm" color="fg.muted">
            {intl.formatMessage(m.eventId, { id: delivery.event_id })}
          </Text>
          <Badge alignSelf="start" colorPalette={DELIVERY_PALETTE[delivery.status] ?? 'gray'} variant="subtle">
            {intl.formatMessage(deliveryStatusMessages[delivery.status])}
          </Badge>
          {delivery.next_attempt_at && delivery.status !== 'succeeded' && (
            <Text fontSize="sm">{intl.formatMessage(m.nextAttempt, { date: when(delivery.next_attempt_at, intl.locale) })}</Text>
          )}
        </Stack>
        {writable && (
          <Button size="sm" colorPalette="blue" loading={resend.isPending} onClick={doResend}>
            {intl.formatMessage(m.resend)}
          </Button>
        )}
      </HStack>
      {delivery.attempt_log.length === 0 && <Text color="fg.muted">{intl.formatMessage(m.noAttempts)}</Text>}
      {delivery.attempt_log.map((attempt) => (
        <Box key={attempt.number} borderWidth="1px" rounded="md" p="3" data-attempt={attempt.number}>
          <HStack gap="3" wrap="wrap" mb="2">
            <Text fontWeight="semibold">{intl.formatMessage(m.attempt, { number: attempt.number })}</Text>
            {attempt.manual && <Badge variant="outline">{intl.formatMessage(m.manual)}</Badge>}
            <Badge colorPalette={attempt.succeeded ? 'green' : 'red'} variant="subtle">
              {attempt.status_code ?? intl.formatMessage(m.noAnswer, { error: attempt.error })}
            </Badge>
            <Text fontSize="sm">{intl.formatMessage(m.ms, { ms: attempt.latency_ms })}</Text>
            <Text fontSize="sm" color="fg.muted">
              {when(attempt.created_at, intl.locale)}
            </Text>
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {intl.formatMessage(m.request)}
          </Text>
          <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2" fontSize="xs">
            {Object.entries(attempt.request_headers)
              .map(([key, value]) => `${key}: ${value}`)
              .join('\n')}
            {'\n\n'}
            {attempt.request_body}
          </Code>
          <Text fontSize="xs" color="fg.muted" mt="2">
            {intl.formatMessage(m.responseBody)}
          </Text>
          <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2" fontSize="xs">
            {attempt.response_body || '—'}
          </Code>
        </Box>
      ))}
    </Stack>
  );
}

/** URL and events; once created, the secret (shown this once) with a copy button. */
export function CreateEndpointDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const create = useCreateEndpoint();
  const eventTypes = useQuery(getEventTypesQueryOptions());
  const [values, setValues] = useState<EndpointFormValues>({ url: '', events: [] });
  const [errors, setErrors] = useState<EndpointFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);

  const close = () => {
    setCreated(null); // the secret lives in this dialog only
    create.reset();
    onClose();
  };
  const validate = () => {
    const checked = validateEndpointForm(values);
    setErrors(checked.errors);
    setServerError(null);
    return Boolean(checked.body);
  };
  const submit = () => {
    const checked = validateEndpointForm(values);
    if (!checked.body) return;
    create.mutate(checked.body, { onSuccess: setCreated, onError: (error) => setServerError(failMessage(intl, error)) });
  };
  const toggle = (type: string, on: boolean) => {
    setValues((current) => ({ ...current, events: on ? [...current.events, type] : current.events.filter((item) => item !== type) }));
    setErrors({});
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
      result={created && secretResult(intl, created, close)}
    >
      <TextField
        label={intl.formatMessage(m.urlLabel)}
        required
        maxLength={URL_MAX}
        autoComplete="off"
        placeholder="https://"
        value={values.url}
        onChange={(url) => {
          setValues((current) => ({ ...current, url }));
          setErrors({});
        }}
        error={errors.url ? intl.formatMessage(errors.url) : null}
        helper={intl.formatMessage(m.urlHint)}
      />
      <Fieldset.Root invalid={Boolean(errors.events)}>
        <Fieldset.Legend fontSize="sm" fontWeight="medium">
          {intl.formatMessage(m.eventsLabel)}
        </Fieldset.Legend>
        <Stack gap="3">
          {groupEventTypes(eventTypes.data?.items ?? []).map(([kind, types]) => (
            <Stack key={kind} gap="1">
              <Text fontSize="sm" fontWeight="medium">
                {kind in kindMessages ? intl.formatMessage(kindMessages[kind as keyof typeof kindMessages]) : kind}
              </Text>
              <Flex gap="3" wrap="wrap">
                {types.map((type) => (
                  <Checkbox.Root key={type} size="sm" checked={values.events.includes(type)} onCheckedChange={(details) => toggle(type, details.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontFamily="mono">{type}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Flex>
            </Stack>
          ))}
        </Stack>
        {errors.events && <Fieldset.ErrorText>{intl.formatMessage(errors.events)}</Fieldset.ErrorText>}
      </Fieldset.Root>
    </FormDialog>
  );
}

function secretResult(intl: IntlShape, created: WebhookEndpointCreated, close: () => void) {
  return {
    title: intl.formatMessage(m.secretTitle),
    locked: true,
    body: (
      <SecretOnce warning={intl.formatMessage(m.secretWarning)} label={intl.formatMessage(m.secretLabel, { url: created.url })} value={created.secret} />
    ),
    footer: (
      <Button colorPalette="blue" onClick={close}>
        {intl.formatMessage(m.done)}
      </Button>
    ),
  };
}

/** A rotation's new secret, shown once. */
function SecretDialog({ created, title, onClose }: { created: WebhookEndpointCreated; title: string; onClose: () => void }) {
  const intl = useIntl();
  return (
    <FormDialog title={title} submitText={intl.formatMessage(m.done)} onSubmit={onClose} onClose={onClose} result={secretResult(intl, created, onClose)}>
      {null}
    </FormDialog>
  );
}

function EndpointActionDialog({ action, onClose, onSecret }: { action: EndpointAction | null; onClose: () => void; onSecret: (created: WebhookEndpointCreated) => void }) {
  const intl = useIntl();
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const pending = update.isPending || remove.isPending || rotate.isPending;
  const done = (title: string) => {
    onClose();
    appToaster.create({ type: 'success', title });
  };
  const failed = (error: unknown) => {
    onClose();
    appToaster.create({ type: 'error', title: intl.formatMessage(m.actionFailed), description: failMessage(intl, error) });
  };
  const confirm = () => {
    if (!action) return;
    const { endpoint } = action;
    if (action.kind === 'delete') remove.mutate(endpoint.id, { onSuccess: () => done(intl.formatMessage(m.deleted)), onError: failed });
    else if (action.kind === 'rotate')
      rotate.mutate(
        { id: endpoint.id, overlapHours: 24 },
        {
          onSuccess: (created) => {
            onClose();
            onSecret(created);
          },
          onError: failed,
        },
      );
    else update.mutate({ id: endpoint.id, body: { active: action.kind === 'resume' } }, { onSuccess: () => done(intl.formatMessage(m.saved)), onError: failed });
  };
  const texts = action
    ? {
        pause: { title: m.pauseTitle, text: intl.formatMessage(m.pauseText, { url: action.endpoint.url }), confirm: m.pause },
        resume: { title: m.resumeTitle, text: intl.formatMessage(m.resumeText, { count: action.endpoint.pending }), confirm: m.resume },
        rotate: { title: m.rotateTitle, text: intl.formatMessage(m.rotateText, { url: action.endpoint.url }), confirm: m.rotate },
        delete: { title: m.deleteTitle, text: intl.formatMessage(m.deleteText, { url: action.endpoint.url }), confirm: m.remove },
      }[action.kind]
    : null;
  return (
    <ConfirmDialog
      open={Boolean(action)}
      title={texts ? intl.formatMessage(texts.title) : ''}
      description={texts?.text ?? ''}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={texts ? intl.formatMessage(texts.confirm) : ''}
      confirmPalette={action?.kind === 'delete' ? 'red' : 'blue'}
      pending={pending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
