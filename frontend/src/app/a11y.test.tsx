import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
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
    });
    renderApp('/clients/home', 'pt-BR');
    await screen.findByRole('heading', { level: 1, name: 'Início' });
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
