import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/test-utils';

import { NotificationsMenu } from './notifications-menu';

const items = [
  { id: 1, type: { id: 4 }, status: 1, kind: '', link: '', title: 'Payout refused', content: 'Bank said no', created_at: 1700000000, read: false },
  { id: 2, type: { id: 1 }, status: 1, kind: '', link: '', title: 'Deposit confirmed', content: 'R$ 10,00', created_at: 1700000100, read: true },
];
const waiting = {
  id: 3, type: { id: 3 }, status: 1, kind: 'payout.review_waiting', link: 'admin/compliance',
  title: 'Payout waiting for approval', content: 'Acme: R$1,250.00', created_at: 1700000200, read: false,
};

describe('notifications dropdown', () => {
  it('shows an empty state', async () => {
    mockFetch({ 'GET /notifications': { items: [], unread: 0 } });
    renderWithProviders(<NotificationsMenu />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
  });

  it('lists notifications with their icons and marks one as read', async () => {
    let unread = 1;
    const fetchMock = mockFetch({
      'GET /notifications': () =>
        new Response(JSON.stringify({ items: items.map((item) => ({ ...item, read: item.id === 1 ? unread === 0 : true })), unread })),
      'POST /notifications/1/read': () => {
        unread = 0;
        return new Response('{"ok":true}');
      },
      'GET /auth/csrf': { csrfToken: 't' },
    });
    renderWithProviders(<NotificationsMenu />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));

    const refused = (await screen.findByText('Payout refused')).closest('li')!;
    expect(within(refused).getByText('Attention')).toBeInTheDocument();
    const confirmed = screen.getByText('Deposit confirmed').closest('li')!;
    expect(within(confirmed).getByText('Success')).toBeInTheDocument();
    expect(within(confirmed).queryByRole('button', { name: /mark/i })).not.toBeInTheDocument();

    await userEvent.click(within(refused).getByRole('button', { name: 'Mark “Payout refused” as read' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications/1/read', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('opens the screen a notification links to, reading it on the way', async () => {
    const fetchMock = mockFetch({
      'GET /notifications': { items: [waiting], unread: 1 },
      'POST /notifications/3/read': { ...waiting, read: true },
      'GET /auth/csrf': { csrfToken: 't' },
    });
    renderWithProviders(<NotificationsMenu />, {
      path: '/',
      extraRoutes: <Route path="/admin/compliance" element={<p>Compliance queue</p>} />,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Open “Payout waiting for approval”' }));
    expect(await screen.findByText('Compliance queue')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications/3/read', expect.objectContaining({ method: 'POST' }));
  });

  it('marks every notification as read at once', async () => {
    let unread = 2;
    const fetchMock = mockFetch({
      'GET /notifications': () =>
        new Response(JSON.stringify({ items: [waiting, items[0]].map((item) => ({ ...item, read: unread === 0 })), unread })),
      'POST /notifications/read-all': () => {
        unread = 0;
        return new Response('{"marked":2}');
      },
      'GET /auth/csrf': { csrfToken: 't' },
    });
    renderWithProviders(<NotificationsMenu />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications/read-all', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });
});
