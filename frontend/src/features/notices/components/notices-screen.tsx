import { Badge, Button, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import type { Notice } from '@/api/types';
import { AppToaster, appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { EmptyBlock, LoadError, LoadingRows } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';
import { isApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/auth/session';
import { canWriteRoute } from '@/lib/permissions';

import { getNoticesQueryOptions, useWithdrawNotice } from '../api/notices';
import { audienceMessages, levelMessages, noticesMessages as m, stateMessages } from '../messages';
import { NoticeFormDialog } from './notice-form-dialog';

const STATES = ['live', 'scheduled', 'ended', 'withdrawn'] as const;
const STATE_PALETTE: Record<string, string> = { live: 'green', scheduled: 'blue', ended: 'gray', withdrawn: 'red' };
export const NOTICES_ROUTE = 'page2';

export function when(notice: Pick<Notice, 'starts_at' | 'ends_at'>, intl: IntlShape): string {
  const at = (iso: string) => intl.formatDate(iso, { dateStyle: 'short', timeStyle: 'short' });
  return notice.ends_at ? intl.formatMessage(m.between, { start: at(notice.starts_at), end: at(notice.ends_at) }) : intl.formatMessage(m.untilWithdrawn, { start: at(notice.starts_at) });
}

export function StateBadge({ state }: { state: string }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={STATE_PALETTE[state] ?? 'gray'} variant="subtle">
      {stateMessages[state] ? intl.formatMessage(stateMessages[state]) : state}
    </Badge>
  );
}

/** page2: every notice with its state (filter kept in the URL), write one, take one down. */
export default function NoticesScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const user = useSessionUser();
  const canWrite = canWriteRoute(user, NOTICES_ROUTE);
  const notices = useQuery(getNoticesQueryOptions());
  const [params, setParams] = useSearchParams();
  const state = STATES.find((s) => s === params.get('state')) ?? '';
  const [writing, setWriting] = useState(params.get('new') === '1');
  const [withdrawing, setWithdrawing] = useState<Notice | null>(null);
  const rows = (notices.data?.items ?? []).filter((notice) => !state || notice.state === state);
  const setState = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('state', value);
    else next.delete('state');
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted">{intl.formatMessage(m.intro)}</Text>
        {canWrite && (
          <Button colorPalette="blue" size="sm" onClick={() => setWriting(true)}>
            {intl.formatMessage(m.write)}
          </Button>
        )}
      </HStack>
      <NativeSelect.Root size="sm" w="56">
        <NativeSelect.Field aria-label={intl.formatMessage(m.stateFilter)} value={state} onChange={(e) => setState(e.currentTarget.value)}>
          <option value="">{intl.formatMessage(m.allStates)}</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {intl.formatMessage(stateMessages[s]!)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {notices.isError ? (
        <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void notices.refetch()} />
      ) : !notices.isPending && rows.length === 0 ? (
        <EmptyBlock title={intl.formatMessage(state ? m.emptyFiltered : m.empty)} description={intl.formatMessage(m.emptyHelp)} />
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={intl.formatMessage(m.table)}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{intl.formatMessage(m.colMessage)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.colAudience)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.colState)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.colPeriod)}</Table.ColumnHeader>
                <Table.ColumnHeader>{intl.formatMessage(m.colAuthor)}</Table.ColumnHeader>
                {canWrite && <Table.ColumnHeader>{intl.formatMessage(m.colActions)}</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {notices.isPending ? (
                <LoadingRows columns={canWrite ? 6 : 5} />
              ) : (
                rows.map((notice) => (
                  <Table.Row key={notice.id} data-notice={notice.id} data-state={notice.state}>
                    <Table.Cell maxW="md" whiteSpace="normal">
                      <Text>{intl.locale === 'en' ? notice.message_en : notice.message_pt_br}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {intl.formatMessage(levelMessages[notice.level] ?? levelMessages.info!)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{audienceMessages[notice.audience] ? intl.formatMessage(audienceMessages[notice.audience]!) : notice.audience}</Table.Cell>
                    <Table.Cell>
                      <StateBadge state={notice.state} />
                    </Table.Cell>
                    <Table.Cell fontSize="sm">{when(notice, intl)}</Table.Cell>
                    <Table.Cell fontSize="sm">{notice.created_by || '—'}</Table.Cell>
                    {canWrite && (
                      <Table.Cell>
                        {(notice.state === 'live' || notice.state === 'scheduled') && (
                          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setWithdrawing(notice)}>
                            {intl.formatMessage(m.withdraw)}
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
      )}
      {writing && <NoticeFormDialog onClose={() => setWriting(false)} />}
      {withdrawing && <WithdrawDialog notice={withdrawing} onClose={() => setWithdrawing(null)} />}
      <AppToaster />
    </Stack>
  );
}

function WithdrawDialog({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const intl = useIntl();
  const withdraw = useWithdrawNotice();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      title={intl.formatMessage(m.withdrawTitle)}
      description={intl.formatMessage(m.withdrawText)}
      details={[
        { label: intl.formatMessage(m.colMessage), value: intl.locale === 'en' ? notice.message_en : notice.message_pt_br },
        { label: intl.formatMessage(m.colAudience), value: intl.formatMessage(audienceMessages[notice.audience] ?? audienceMessages.everyone!) },
      ]}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(m.withdraw)}
      pending={withdraw.isPending}
      error={error}
      onConfirm={() =>
        withdraw.mutate(notice.id, {
          onSuccess: () => {
            appToaster.create({ type: 'success', title: intl.formatMessage(m.withdrawn) });
            onClose();
          },
          onError: (failed) => setError(isApiError(failed) && failed.status < 500 && failed.status > 0 ? failed.message : intl.formatMessage(m.tryAgain)),
        })
      }
      onClose={onClose}
    />
  );
}
