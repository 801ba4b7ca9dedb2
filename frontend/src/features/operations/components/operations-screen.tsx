import { Alert, Badge, Box, Button, Card, HStack, Heading, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';

import type { OperationsStatus } from '@/api/types';
import { DetailGrid, type GridColumn } from '@/components/kit';
import { LoadError } from '@/components/query-state';
import { RouteHeader } from '@/components/route-header';

import { REFRESH_MS, getOperationsStatusQueryOptions } from '../api/get-operations-status';
import { age } from '../lib';
import { operationsMessages as m, problemMessages } from '../messages';

const COMPONENTS = ['database', 'redis', 'worker'] as const;
const STATUS = {
  ok: { status: 'success', message: m.statusOk },
  attention: { status: 'warning', message: m.statusAttention },
  down: { status: 'error', message: m.statusDown },
} as const;

function Verdict({ up }: { up: boolean }) {
  const intl = useIntl();
  return (
    <Badge colorPalette={up ? 'green' : 'red'} variant="solid">
      {intl.formatMessage(up ? m.up : m.down)}
    </Badge>
  );
}

function Status({ data }: { data: OperationsStatus }) {
  const intl = useIntl();
  const verdict = STATUS[data.status as keyof typeof STATUS] ?? STATUS.attention;
  const n = (value: number) => intl.formatNumber(value);
  const queueColumns: GridColumn<OperationsStatus['queues'][number]>[] = [
    { key: 'queue', header: intl.formatMessage(m.colQueue), priority: 1, card: 'title', mono: true, cell: (queue) => queue.name },
    { key: 'waiting', header: intl.formatMessage(m.colWaiting), priority: 1, numeric: true, cell: (queue) => n(queue.waiting) },
    {
      key: 'dead',
      header: intl.formatMessage(m.colDead),
      priority: 1,
      numeric: true,
      cell: (queue) => (
        <Text as="span" color={queue.dead ? 'fg.error' : undefined}>
          {n(queue.dead)}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="5">
      <Alert.Root status={verdict.status} data-status={data.status}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{intl.formatMessage(verdict.message)}</Alert.Title>
          {data.problems.length > 0 && (
            <Alert.Description>
              <List.Root aria-label={intl.formatMessage(m.problems)} ps="4">
                {data.problems.map((code) => (
                  <List.Item key={code} data-problem={code}>
                    {problemMessages[code] ? intl.formatMessage(problemMessages[code]) : code}
                  </List.Item>
                ))}
              </List.Root>
            </Alert.Description>
          )}
        </Alert.Content>
      </Alert.Root>

      <Box as="section" aria-labelledby="ops-components">
        <Heading as="h2" size="md" mb="3" id="ops-components">
          {intl.formatMessage(m.components)}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          {COMPONENTS.map((name) => (
            <Card.Root key={name} size="sm" data-component={name} data-up={String(data.components[name])}>
              <Card.Body gap="2">
                <HStack justify="space-between" align="flex-start">
                  <Text fontWeight="medium">{intl.formatMessage(m[name])}</Text>
                  <Verdict up={data.components[name]} />
                </HStack>
                {name === 'worker' && data.components.worker_ms != null && (
                  <Text fontSize="sm" color="fg.muted">
                    {intl.formatMessage(m.workerMs, { ms: n(data.components.worker_ms) })}
                  </Text>
                )}
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Box>

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Card.Root size="sm" data-part="scheduler">
          <Card.Body gap="1">
            <Text fontWeight="medium">{intl.formatMessage(m.scheduler)}</Text>
            <Text fontSize="sm" color={data.problems.includes('scheduler_late') ? 'fg.error' : 'fg.muted'}>
              {data.scheduler.seconds_since_tick == null
                ? intl.formatMessage(m.noTick)
                : intl.formatMessage(m.lastTick, { age: age(data.scheduler.seconds_since_tick, intl.locale) })}
            </Text>
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm" data-part="outbox">
          <Card.Body gap="1">
            <Text fontWeight="medium">{intl.formatMessage(m.outbox)}</Text>
            <Text fontSize="sm">
              {data.outbox.waiting == null ? '—' : intl.formatMessage(m.outboxCount, { count: data.outbox.waiting })}
              {data.outbox.oldest_seconds != null && ` · ${intl.formatMessage(m.oldest, { age: age(data.outbox.oldest_seconds, intl.locale) })}`}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {intl.formatMessage(m.outboxHelp)}
            </Text>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <Box as="section" aria-labelledby="ops-queues">
        <Heading as="h2" size="md" mb="3" id="ops-queues">
          {intl.formatMessage(m.queues)}
        </Heading>
        <DetailGrid
          caption={intl.formatMessage(m.queues)}
          columns={queueColumns}
          rows={data.queues}
          rowKey={(queue) => queue.name}
          rowAttributes={(queue) => ({ 'data-queue': queue.name })}
          empty={intl.formatMessage(m.noQueues)}
        />
      </Box>
      <Text fontSize="xs" color="fg.muted">
        {intl.formatMessage(m.environment, { name: data.environment })}
      </Text>
    </Stack>
  );
}

/** hms/: the operator on watch sees whether the platform's machinery is working, and what to act on. */
export default function OperationsScreen({ route, homeHref }: { route: string; homeHref: string }) {
  const intl = useIntl();
  const status = useQuery(getOperationsStatusQueryOptions());
  return (
    <Stack gap="5">
      <RouteHeader route={route} homeHref={homeHref} />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text color="fg.muted">{intl.formatMessage(m.intro, { seconds: REFRESH_MS / 1000 })}</Text>
        <HStack gap="3">
          {status.dataUpdatedAt > 0 && (
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {intl.formatMessage(m.checkedAt, { time: intl.formatTime(status.dataUpdatedAt, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) })}
            </Text>
          )}
          <Button size="sm" variant="outline" loading={status.isFetching} onClick={() => void status.refetch()}>
            {intl.formatMessage(m.refresh)}
          </Button>
        </HStack>
      </HStack>
      {status.isPending ? (
        <Stack gap="3" aria-busy="true">
          <Skeleton height="16" />
          <Skeleton height="24" />
        </Stack>
      ) : status.isError && !status.data ? (
        <LoadError title={intl.formatMessage(m.loadError)} onRetry={() => void status.refetch()} />
      ) : (
        <Status data={status.data} />
      )}
    </Stack>
  );
}
