import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import en from '@/i18n/en.json';
import { I18nProvider } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import ptBR from '@/i18n/pt-BR.json';
import { resetCsrfCache } from '@/lib/api-client';
import { system } from '@/lib/theme';
import { createTestQueryClient, makeUser, mockFetch } from '@/testing/test-utils';

import { createAppRoutes } from './router';

function renderApp(path: string, locale: Locale) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={createTestQueryClient()}>
        <I18nProvider initialLocale={locale} catalogs={{ en, 'pt-BR': ptBR }}>
          <RouterProvider router={router} />
        </I18nProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

/** axe-core on the whole document; colour contrast needs a real browser (checked there). */
async function violations() {
  // The page's title is set by an effect after the first paint (index.html always has one).
  await waitFor(() => expect(document.title).not.toBe(''));
  const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe-core, structure rules)', () => {
  beforeEach(() => {
    resetCsrfCache();
    document.cookie = 'csrftoken=t';
  });

  it.each(['pt-BR', 'en'] as const)('login page in %s', async (locale) => {
    mockFetch({});
    renderApp('/login', locale);
    await screen.findByRole('heading', { level: 1 });
    expect(document.documentElement).toHaveAttribute('lang', locale);
    expect(await violations()).toEqual([]);
  });

  it.each([
    ['light', {}],
    ['dark', { theme: 'dark' }],
    ['semi-dark', { theme: 'semi-dark' }],
    ['horizontal', { layout: 'horizontal' }],
  ])('home in %s mode', async (_name, interfaceSettings) => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
    mockFetch({
      'GET /auth/me': makeUser({ language: 'pt-BR', interface_settings: interfaceSettings }),
      'GET /notifications': { items: [], unread: 0 },
      'GET /balance': [{ currency: 'BRL', available: 123456, pending: 0, held: 0 }],
      'GET /deposits': { items: [], next_cursor: null },
    });
    renderApp('/clients/home', 'pt-BR');
    await screen.findByRole('heading', { level: 1, name: 'Início' });
    await screen.findByRole('region', { name: 'Saldo em BRL' });
    expect(await violations()).toEqual([]);
  });

  it('deposits page', async () => {
    mockFetch({
      'GET /auth/me': makeUser(),
      'GET /notifications': { items: [], unread: 0 },
      'GET /deposits': {
        items: [
          {
            id: 'dep_00000000000000000001', status: 'pending', method: 'billet', amount: 123456, currency: 'BRL', fee: 250, net: 123206,
            paid_amount: null, refunded_amount: 0, description: '', payer_name: 'Maria Silva', payer_document: '39053344705', payer_email: '',
            address: {}, due_date: '2026-03-20', expires_at: null, provider: 'sandbox', provider_reference: 'SBX-1',
            created_at: '2026-03-10T15:00:00Z', confirmed_at: null, settle_on: null, settled_at: null,
          },
        ],
        next_cursor: 'c1',
      },
      'GET /deposits/summary': { count: 1, currencies: [{ currency: 'BRL', count: 1, amount: 123456, fee: 250, average_ticket: 123456 }] },
    });
    renderApp('/clients/payments', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Deposits' });
    await screen.findByText('Maria Silva');
    await screen.findAllByText('Average ticket');
    expect(await violations()).toEqual([]);
  });

  it('profile page', async () => {
    mockFetch({ 'GET /auth/me': makeUser(), 'GET /notifications': { items: [], unread: 0 } });
    renderApp('/user/profile', 'en');
    await screen.findByRole('heading', { level: 1, name: 'Edit profile' });
    expect(await violations()).toEqual([]);
  });

  it('not-authorized page', async () => {
    mockFetch({});
    renderApp('/misc/not-authorized', 'en');
    await screen.findByRole('heading', { level: 1, name: 'You are not authorized!' });
    expect(await violations()).toEqual([]);
  });
});
