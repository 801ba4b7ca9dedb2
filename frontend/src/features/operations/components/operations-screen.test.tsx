import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { OperationsStatus } from '@/api/types';
import { makeUser, mockFetch, renderScreenAt } from '@/testing/test-utils';

import OperationsScreen from './operations-screen';

const status = (over: Partial<OperationsStatus> = {}): OperationsStatus => ({
  status: 'ok',
  components: { database: true, redis: true, worker: true, worker_ms: 42 },
  queues: [
    { name: 'default', waiting: 3, dead: 0 },
    { name: 'webhooks', waiting: 1200, dead: 2 },
  ],
  outbox: { waiting: 0, oldest_seconds: null },
  scheduler: { seconds_since_tick: 4.2, late_after_seconds: 60 },
  problems: [],
  environment: 'local',
  ...over,
});

const user = makeUser({ role: 'hms', menu: [{ group: 'operations', route: 'hms' }] });

describe('hms/: the operator on watch', { timeout: 60_000 }, () => {
  it('says everything works, with each component, the clock and the queues in the user language', async () => {
    mockFetch({ 'GET /operations/status': status() });
    renderScreenAt(<OperationsScreen route="hms" homeHref="/plataforma/hms" />, { user, route: '/plataforma/hms' });
    expect(await screen.findByText('Everything is working')).toBeInTheDocument();
    expect(screen.getByText('Answered a test job in 42 ms')).toBeInTheDocument();
    expect(screen.getByText('Last tick 4 sec ago')).toBeInTheDocument();
    expect(screen.getByText('None waiting')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /webhooks/ });
    expect(within(row).getByText('1,200')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
  });

  it('names what needs attention and what is down, and checks again on demand', async () => {
    let calls = 0;
    mockFetch({
      'GET /operations/status': () => {
        calls += 1;
        const body = status({
          status: 'down',
          components: { database: true, redis: true, worker: false, worker_ms: null },
          problems: ['worker_down', 'scheduler_late'],
          scheduler: { seconds_since_tick: null, late_after_seconds: 60 },
        });
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    renderScreenAt(<OperationsScreen route="hms" homeHref="/plataforma/hms" />, { user, route: '/plataforma/hms' });
    expect(await screen.findByText('A component is down')).toBeInTheDocument();
    const findings = screen.getByRole('list', { name: 'What needs attention' });
    expect(within(findings).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'No worker took the test job: confirmations, payouts and files are waiting.',
      'The scheduler has not ticked for over a minute: expiry and settlement are not running.',
    ]);
    expect(screen.getByText('No tick in the last day: is the scheduler running?')).toBeInTheDocument();
    const worker = document.querySelector('[data-component="worker"]') as HTMLElement;
    expect(within(worker).getByText('Down')).toBeInTheDocument();
    const before = calls;
    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await screen.findByText('A component is down');
    expect(calls).toBeGreaterThan(before);
  });
});
