import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { SessionProvider } from '@/lib/auth/session';
import { makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { EMPTY_SUMMARY } from '../testing/fixtures';
import DepositsScreen from './deposits-screen';

function renderAs(canWrite: boolean) {
  mockFetch({ 'GET /deposits': { items: [], next_cursor: null }, 'GET /deposits/summary': EMPTY_SUMMARY });
  // GET /api/auth/me says what the user may write: can_write and each menu entry's `write`.
  const user = makeUser({ role: canWrite ? 'client' : 'client_user_analyst', can_write: canWrite });
  renderWithProviders(
    <SessionProvider user={user}>
      <DepositsScreen route="clients/payments" homeHref="/clients/home" />
    </SessionProvider>,
    { route: '/clients/payments' },
  );
}

describe('deposits screen: write actions follow /api/auth/me', { timeout: 60_000 }, () => {
  it('offers billet and PIX generation to a user who may write', async () => {
    renderAs(true);
    expect(await screen.findByRole('button', { name: 'Generate single billet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate single PIX' })).toBeInTheDocument();
  });

  it('hides them from a read-only role (the server would refuse the write)', async () => {
    renderAs(false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate single billet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate single PIX' })).toBeNull();
  });
});
