import { Alert, Badge, Button, CloseButton, Dialog, EmptyState, Field, Flex, Input, Portal, Skeleton, Stack, Table, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { AppToaster, appToaster } from '@/components/app-toaster';
import { RouteHeader } from '@/components/route-header';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { useCanWrite } from '@/lib/auth/session';
import { type Currency, formatDateTime, formatMoney } from '@/lib/format';

import { useCreateRefund } from '../api/create-refund';
import { getRefundsQueryOptions } from '../api/get-refunds';
import { type RefundFormErrors, type RefundFormValues, validateRefundForm } from '../lib/refund-form';
import { refundStatusMessages, refundsMessages as m } from '../messages';

const money = (cents: number, currency: string, locale: string) => formatMoney(cents, (currency === 'USD' ? 'USD' : 'BRL') as Currency, locale);
const when = (iso: string | null, locale: string) => (iso ? formatDateTime(Math.floor(Date.parse(iso) / 1000), locale) : '');
const PALETTE: Record<string, string> = { pending: 'yellow', confirmed: 'green', failed: 'red' };

/**
 * clients/refunds ("Estornos"): the refunds, and "Refund" (deposit id + amount + reason). A link from a
 * deposit opens the form with `?refund=<deposit id>`.
 */
export default function RefundsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const writable = useCanWrite(route);
  const [params, setParams] = useSearchParams();
  const deposit = params.get('deposit') ?? '';
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const list = useQuery(getRefundsQueryOptions({ deposit: deposit || undefined, cursor }));
  const refundFor = params.get('refund');
  const [formOpen, setFormOpen] = useState(refundFor !== null);
  const [filter, setFilter] = useState(deposit);

  const closeForm = () => {
    setFormOpen(false);
    if (refundFor !== null) {
      const next = new URLSearchParams(params);
      next.delete('refund');
      setParams(next, { replace: true });
    }
  };
  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (filter.trim()) next.set('deposit', filter.trim());
    else next.delete('deposit');
    setCursor(undefined);
    setParams(next);
  };

  const items = list.data?.items;
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      {writable && (
        <Flex>
          <Button colorPalette="blue" onClick={() => setFormOpen(true)}>
            {intl.formatMessage(m.refund)}
          </Button>
        </Flex>
      )}
      <Flex as="form" gap="3" align="flex-end" onSubmit={applyFilter}>
        <Field.Root maxW="sm">
          <Field.Label>{intl.formatMessage(m.filterDeposit)}</Field.Label>
          <Input type="search" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
        </Field.Root>
        <Button type="submit" variant="outline">
          {intl.formatMessage(m.filterDeposit)}
        </Button>
      </Flex>
      {list.isError ? (
        <EmptyState.Root borderWidth="1px" rounded="lg">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.loadError)}</EmptyState.Title>
            <Button size="sm" onClick={() => void list.refetch()}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : items && items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" rounded="lg" bg="bg.panel">
          <EmptyState.Content>
            <EmptyState.Title>{intl.formatMessage(m.notFound)}</EmptyState.Title>
            <EmptyState.Description>{intl.formatMessage(deposit ? commonMessages.noRecordsUseFilter : commonMessages.noRecords)}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="lg" bg="bg.panel">
          <Table.Root size="sm" aria-busy={list.isPending || undefined}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{intl.formatMessage(m.id)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.deposit)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.payer)}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{intl.formatMessage(m.amountCol)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.status)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.reasonCol)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.createdAt)}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {!items ? (
                <Table.Row>
                  <Table.Cell colSpan={7}>
                    <Skeleton height="5" />
                  </Table.Cell>
                </Table.Row>
              ) : (
                items.map((refund) => (
                  <Table.Row key={refund.id} data-refund={refund.id}>
                    <Table.Cell fontFamily="mono">{refund.id}</Table.Cell>
                    <Table.Cell fontFamily="mono">{refund.deposit_id}</Table.Cell>
                    <Table.Cell>{refund.payer_name}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {money(refund.amount, refund.currency, intl.locale)}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={PALETTE[refund.status] ?? 'gray'} variant="subtle">
                        {intl.formatMessage(refundStatusMessages[refund.status])}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{refund.reason}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{when(refund.created_at, intl.locale)}</Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {(cursor || list.data?.next_cursor) && (
        <Flex justify="flex-end" gap="3">
          {cursor && (
            <Button size="sm" variant="outline" onClick={() => setCursor(undefined)}>
              {intl.formatMessage(m.first)}
            </Button>
          )}
          {list.data?.next_cursor && (
            <Button size="sm" variant="outline" onClick={() => setCursor(list.data?.next_cursor ?? undefined)}>
              {intl.formatMessage(m.next)}
            </Button>
          )}
        </Flex>
      )}
      {formOpen && <RefundDialog depositId={refundFor ?? ''} onClose={closeForm} />}
      <AppToaster />
    </Stack>
  );
}

export function RefundDialog({ depositId, onClose }: { depositId: string; onClose: () => void }) {
  const intl = useIntl();
  const create = useCreateRefund();
  const [values, setValues] = useState<RefundFormValues>({ depositId, amount: '', reason: '' });
  const [errors, setErrors] = useState<RefundFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const change = (key: keyof RefundFormValues, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = validateRefundForm(values, intl.locale);
    setErrors(checked.errors);
    setServerError(null);
    if (!checked.body || !checked.depositId) return;
    create.mutate(
      { depositId: checked.depositId, body: checked.body },
      {
        onSuccess: (refund) => {
          appToaster.create({
            type: 'success',
            title: intl.formatMessage(m.created),
            description: intl.formatMessage(m.createdText, { id: refund.id, amount: money(refund.amount, refund.currency, intl.locale) }),
          });
          onClose();
        },
        onError: (error) => {
          const message = isApiError(error) && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater);
          setServerError(message);
          appToaster.create({ type: 'error', title: intl.formatMessage(m.failed), description: message });
        },
      },
    );
  };

  const title = intl.formatMessage(m.formTitle);
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
                      <Alert.Description>{serverError}</Alert.Description>
                    </Alert.Root>
                  )}
                  <Field.Root invalid={Boolean(errors.depositId)} required>
                    <Field.Label>{intl.formatMessage(m.depositId)}</Field.Label>
                    <Input value={values.depositId} onChange={(e) => change('depositId', e.currentTarget.value)} />
                    <Field.ErrorText>{errors.depositId && intl.formatMessage(errors.depositId)}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.amount)} required>
                    <Field.Label>{intl.formatMessage(m.amount)}</Field.Label>
                    <Input inputMode="decimal" autoComplete="off" value={values.amount} onChange={(e) => change('amount', e.currentTarget.value)} />
                    {errors.amount ? <Field.ErrorText>{intl.formatMessage(errors.amount)}</Field.ErrorText> : <Field.HelperText>{intl.formatMessage(m.amountHint)}</Field.HelperText>}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.reason)} required>
                    <Field.Label>{intl.formatMessage(m.reason)}</Field.Label>
                    <Textarea maxLength={200} value={values.reason} onChange={(e) => change('reason', e.currentTarget.value)} />
                    <Field.ErrorText>{errors.reason && intl.formatMessage(errors.reason)}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  {intl.formatMessage(m.cancel)}
                </Button>
                <Button type="submit" colorPalette="blue" loading={create.isPending}>
                  {intl.formatMessage(m.submit)}
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
