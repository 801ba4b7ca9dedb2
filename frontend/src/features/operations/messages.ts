import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  intro: {
    id: 'operations.intro',
    defaultMessage: 'The machinery behind every payment: checked again every {seconds} seconds while this page is open.',
  },
  refresh: { id: 'operations.refresh', defaultMessage: 'Check now' },
  checkedAt: { id: 'operations.checkedAt', defaultMessage: 'Checked at {time}' },
  loadError: { id: 'operations.loadError', defaultMessage: 'The status could not be read. Please, try again later.' },
  statusOk: { id: 'operations.status.ok', defaultMessage: 'Everything is working' },
  statusAttention: { id: 'operations.status.attention', defaultMessage: 'Something needs attention' },
  statusDown: { id: 'operations.status.down', defaultMessage: 'A component is down' },
  components: { id: 'operations.components', defaultMessage: 'Components' },
  up: { id: 'operations.up', defaultMessage: 'Working' },
  down: { id: 'operations.down', defaultMessage: 'Down' },
  database: { id: 'operations.component.database', defaultMessage: 'Database (PostgreSQL)' },
  redis: { id: 'operations.component.redis', defaultMessage: 'Queues and cache (Redis)' },
  worker: { id: 'operations.component.worker', defaultMessage: 'Background workers' },
  workerMs: { id: 'operations.workerMs', defaultMessage: 'Answered a test job in {ms} ms' },
  queues: { id: 'operations.queues', defaultMessage: 'Job queues' },
  noQueues: { id: 'operations.noQueues', defaultMessage: 'The queues cannot be read while Redis is down.' },
  colQueue: { id: 'operations.col.queue', defaultMessage: 'Queue' },
  colWaiting: { id: 'operations.col.waiting', defaultMessage: 'Waiting' },
  colDead: { id: 'operations.col.dead', defaultMessage: 'Failed for good' },
  outbox: { id: 'operations.outbox', defaultMessage: 'Jobs kept in the database' },
  outboxHelp: {
    id: 'operations.outboxHelp',
    defaultMessage: 'Jobs wait here for their time or while Redis is away; the workers send them on.',
  },
  outboxCount: { id: 'operations.outboxCount', defaultMessage: '{count, plural, =0 {None waiting} one {# waiting} other {# waiting}}' },
  oldest: { id: 'operations.oldest', defaultMessage: 'the oldest for {age}' },
  scheduler: { id: 'operations.scheduler', defaultMessage: 'Scheduler (expiry, settlement, bank checks)' },
  lastTick: { id: 'operations.lastTick', defaultMessage: 'Last tick {age} ago' },
  noTick: { id: 'operations.noTick', defaultMessage: 'No tick in the last day: is the scheduler running?' },
  problems: { id: 'operations.problems', defaultMessage: 'What needs attention' },
  environment: { id: 'operations.environment', defaultMessage: 'Environment: {name}' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const operationsMessages: Record<keyof typeof messages, MessageDescriptor> = messages;

/** What each finding of the status means for the person on watch, and what to do. */
export const problemMessages: Record<string, MessageDescriptor> = defineMessages({
  database_down: { id: 'operations.problem.database_down', defaultMessage: 'The database does not answer: no payment can be recorded.' },
  redis_down: { id: 'operations.problem.redis_down', defaultMessage: 'Redis does not answer: jobs are kept in the database until it is back.' },
  worker_down: { id: 'operations.problem.worker_down', defaultMessage: 'No worker took the test job: confirmations, payouts and files are waiting.' },
  dead_jobs: { id: 'operations.problem.dead_jobs', defaultMessage: 'Some jobs failed after every retry: see the queues below and the worker logs.' },
  scheduler_late: { id: 'operations.problem.scheduler_late', defaultMessage: 'The scheduler has not ticked for over a minute: expiry and settlement are not running.' },
  outbox_late: { id: 'operations.problem.outbox_late', defaultMessage: 'A job has waited in the database for over five minutes: the relay may be stuck.' },
});
