import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/test-utils';

import { NotificationsMenu } from './notifications-menu';

const items = [
  { id: 1, type: { id: 4 }, status: 1, title: 'Payout refused', content: 'Bank said no', created_at: 1700000000, read: false },
  { id: 2, type: { id: 1 }, status: 1, title: 'Deposit confirmed', content: 'R$ 10,00', created_at: 1700000100, read: true },
];

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
});
