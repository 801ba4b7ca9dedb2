import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { WebhookDelivery, WebhookDeliveryDetail, WebhookEndpoint } from '@/api/types';
import type { Locale } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import WebhooksScreen from './webhooks-screen';

const MENU = [{ route: 'clients/webhooks', group: 'general' }];
const SECRET = `whsec_${'a'.repeat(48)}`;
const TYPES = { items: ['deposit.created', 'deposit.confirmed', 'payout.rejected'] };

function makeEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'we_0123456789abcdef0123',
    url: 'https://shop.example/hooks',
    events: ['deposit.confirmed'],
    status: 'active',
    paused_reason: '',
    consecutive_failures: 0,
    previous_secret_expires_at: null,
    pending: 0,
    created_at: '2026-01-10T12:00:00Z',
    ...overrides,
  };
}

function makeDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'wd_1',
    event_id: 'evt_1',
    type: 'deposit.confirmed',
    object_id: 'dep_1',
    status: 'succeeded',
    attempts: 1,
    last_status_code: 200,
    last_latency_ms: 42,
    last_error: '',
    next_attempt_at: null,
    created_at: '2026-01-10T12:00:00Z',
    delivered_at: '2026-01-10T12:00:01Z',
    ...overrides,
  };
}

function renderScreen({ role = 'client', locale = 'en' as Locale, route = '/clients/webhooks' } = {}) {
  document.cookie = 'csrftoken=t';
  renderWithProviders(
    <SessionProvider user={makeUser({ role, userRole: role, can_write: role !== 'client_user_analyst', menu: MENU })}>
      <WebhooksScreen route="clients/webhooks" homeHref="/clients/home" />
    </SessionProvider>,
    { route, locale },
  );
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0]!.endsWith(path) && ((init as RequestInit | undefined)?.method ?? 'GET') === method);

describe('webhooks screen (clients/webhooks)', { timeout: 60_000 }, () => {
  it('creates an endpoint and shows its secret once, behind a warning', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /webhook-endpoints': [],
      'GET /webhook-endpoints/event-types': TYPES,
      'POST /webhook-endpoints': () => jsonResponse({ ...makeEndpoint({ events: ['deposit.confirmed'] }), secret: SECRET }, 201),
    });
    renderScreen();
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('Choose at least one event')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/webhook-endpoints')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Endpoint URL/ }), 'https://shop.example/hooks');
    await user.click(await within(form).findByRole('checkbox', { name: 'deposit.confirmed' }));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const shown = await screen.findByRole('alertdialog', { name: 'Your endpoint’s signing secret' });
    const [call] = calls(fetchMock, 'POST', '/api/webhook-endpoints');
    expect(JSON.parse((call![1] as RequestInit).body as string)).toEqual({ url: 'https://shop.example/hooks', events: ['deposit.confirmed'] });
    expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'Signing secret of https://shop.example/hooks' })).toHaveValue(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
  });

  it('shows the server’s translated reason for a refused address', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /webhook-endpoints': [],
      'GET /webhook-endpoints/event-types': TYPES,
      'POST /webhook-endpoints': () => jsonResponse({ code: 'webhook_url_private', message: 'Webhooks não podem ser enviados a endereços privados.' }, 400),
    });
    renderScreen({ locale: 'pt-BR' });
    await user.click(await screen.findByRole('button', { name: 'Adicionar endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Adicionar endpoint de webhook' });
    await user.type(within(form).getByRole('textbox', { name: /^URL do endpoint/ }), 'http://10.0.0.1/x');
    await user.click(await within(form).findByRole('checkbox', { name: 'deposit.created' }));
    await user.click(within(form).getByRole('button', { name: 'Adicionar endpoint' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível adicionar o endpoint');
    expect(alert).toHaveTextContent('Webhooks não podem ser enviados a endereços privados.');
  });

  it('pauses an endpoint after confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      'GET /webhook-endpoints': [makeEndpoint()],
      'PATCH /webhook-endpoints/we_0123456789abcdef0123': () => jsonResponse(makeEndpoint({ status: 'paused', paused_reason: 'manual' })),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Pause: https://shop.example/hooks' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Pause this endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(calls(fetchMock, 'PATCH', '/api/webhook-endpoints/we_0123456789abcdef0123')).toHaveLength(1));
    const [call] = calls(fetchMock, 'PATCH', '/api/webhook-endpoints/we_0123456789abcdef0123');
    expect(JSON.parse((call![1] as RequestInit).body as string)).toEqual({ active: false });
    expect(await screen.findByText('Endpoint updated')).toBeInTheDocument();
  });

  it('hides every write action from a read-only member', async () => {
    mockFetch({ 'GET /webhook-endpoints': [makeEndpoint()] });
    renderScreen({ role: 'client_user_analyst' });
    expect(await screen.findByRole('button', { name: 'Deliveries: https://shop.example/hooks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause: https://shop.example/hooks' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete: https://shop.example/hooks' })).toBeNull();
  });

  it('lists an endpoint’s deliveries and resends one from its detail', async () => {
    const user = userEvent.setup();
    const detail: WebhookDeliveryDetail = {
      ...makeDelivery(),
      endpoint_id: 'we_0123456789abcdef0123',
      attempt_log: [
        {
          number: 1, manual: false, succeeded: true, status_code: 200, latency_ms: 42, error: '',
          request_headers: { 'Cofre-Signature': 't=1,v1=…' }, request_body: '{"id":"evt_1"}', response_body: '{"ok":true}',
          created_at: '2026-01-10T12:00:01Z',
        },
      ],
    };
    const fetchMock = mockFetch({
      'GET /webhook-endpoints': [makeEndpoint()],
      'GET /webhook-endpoints/event-types': TYPES,
      'GET /webhook-endpoints/we_0123456789abcdef0123/deliveries': { items: [makeDelivery()], next_cursor: null },
      'GET /webhook-deliveries/wd_1': detail,
      'POST /webhook-deliveries/wd_1/resend': () => jsonResponse({ ...detail, attempt_log: [] }, 202),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Deliveries: https://shop.example/hooks' }));
    const section = await screen.findByRole('region', { name: 'Deliveries to https://shop.example/hooks' });
    await waitFor(() => expect(section.querySelector('[data-delivery="wd_1"]')).not.toBeNull());
    const row = section.querySelector<HTMLElement>('[data-delivery="wd_1"]')!;
    expect(within(row).getByText('deposit.confirmed')).toBeInTheDocument();
    expect(within(row).getByText('Delivered')).toBeInTheDocument();
    expect(within(row).getByText('42 ms')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Details of wd_1' }));
    const drawer = await screen.findByRole('dialog', { name: 'wd_1' });
    expect(await within(drawer).findByText('Attempt 1')).toBeInTheDocument();
    expect(within(drawer).getByText(/"ok":true/)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/webhook-deliveries/wd_1/resend')).toHaveLength(1));
  });
});
