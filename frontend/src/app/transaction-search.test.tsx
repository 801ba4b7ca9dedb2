import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import en from '@/i18n/en.json';
import { I18nProvider } from '@/i18n/i18n-provider';
import ptBR from '@/i18n/pt-BR.json';
import { system } from '@/lib/theme';
import { createTestQueryClient, makeUser, mockFetch } from '@/testing/test-utils';

import { createAppRoutes } from './router';

describe('staff top-bar search', { timeout: 60_000 }, () => {
  it('opens employee/transactions with ?q=<id> and the list searches it', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
    const admin = makeUser({
      role: 'admin',
      userRole: 'admin',
      home: 'admin/home',
      menu: [
        { route: 'admin/home', group: 'admin_home' },
        { route: 'employee/transactions', group: 'admin_home' },
      ],
    });
    const fetchMock = mockFetch({
      'GET /auth/me': admin,
      'GET /notifications': { items: [], unread: 0 },
      'GET /payouts/compliance/count': { count: 0 },
      'GET /transactions': { items: [], next_cursor: null },
    });
    const router = createMemoryRouter(createAppRoutes(), { initialEntries: ['/admin/home'] });
    render(
      <ChakraProvider value={system}>
        <QueryClientProvider client={createTestQueryClient()}>
          <I18nProvider initialLocale="en" catalogs={{ en, 'pt-BR': ptBR }}>
            <RouterProvider router={router} />
          </I18nProvider>
        </QueryClientProvider>
      </ChakraProvider>,
    );
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    await user.type(within(banner).getByRole('searchbox', { name: 'Search' }), 'TX-991');
    await user.click(await screen.findByRole('button', { name: 'Search transaction by ID: TX-991' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/employee/transactions');
    expect(router.state.location.search).toBe('?q=TX-991');
    expect(await screen.findByText('No records to show. Use the filter above')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find((c) => String(c[0]).startsWith('/api/transactions'))!;
    expect(new URL(String(call[0]), 'http://x').searchParams.get('q')).toBe('TX-991');
  });
});
