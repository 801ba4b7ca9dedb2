import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import LoginRoute from '@/app/routes/login';
import { resetCsrfCache } from '@/lib/api-client';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

async function submit(email = 'ana@acme.test', password = 'secret') {
  await userEvent.type(screen.getByLabelText(/E-mail/), email);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

function renderLogin(locale: 'en' | 'pt-BR' = 'en') {
  return renderWithProviders(<LoginRoute />, {
    locale,
    route: '/login',
    path: '/login',
    extraRoutes: <Route path="/clients/home" element={<h1>Client home</h1>} />,
  });
}

describe('login form', () => {
  beforeEach(() => {
    resetCsrfCache();
    document.cookie = 'csrftoken=t';
  });

  it('has a labelled e-mail, password and submit button', () => {
    mockFetch({});
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Cofre' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('asks for the missing fields without calling the server', async () => {
    const fetchMock = mockFetch({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [401, 'invalid_credentials', 'Invalid e-mail or password'],
    [429, 'too_many_attempts', 'Too many attempts. Wait a few minutes before trying again.'],
    [403, 'tenant_suspended', 'This account is suspended. Contact support.'],
    [500, 'internal_error', 'Please, try again later'],
    [502, 'http_502', 'Please, try again later'],
  ])('shows the translated message for %i %s', async (status, code, text) => {
    mockFetch({ 'POST /auth/login': () => jsonResponse({ code, message: 'server text' }, status) });
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says "try again later" when the network is down', async () => {
    mockFetch({ 'POST /auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderLogin();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please, try again later');
  });

  it('shows the errors in Portuguese by default', async () => {
    mockFetch({ 'POST /auth/login': () => jsonResponse({ code: 'invalid_credentials', message: 'x' }, 401) });
    renderLogin('pt-BR');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'ana@acme.test');
    await userEvent.type(screen.getByLabelText(/Senha/), 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha inválidos');
  });

  it('shows a loading state while signing in, then goes to the home route', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch({ 'POST /auth/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderLogin();
    await submit('  ana@acme.test ', 'secret');
    expect(await screen.findByRole('button', { name: /Signing in/ })).toBeDisabled();
    answer(jsonResponse(makeUser({ home: 'clients/home' })));
    expect(await screen.findByRole('heading', { name: 'Client home' })).toBeInTheDocument();
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ana@acme.test', password: 'secret' });
    expect((init.headers as Record<string, string>)['X-CSRFToken']).toBe('t');
  });

  it('a role that must enrol chooses an authenticator app or a passkey after the password', async () => {
    vi.stubGlobal('PublicKeyCredential', { parseCreationOptionsFromJSON: (options: unknown) => options });
    const credential = { toJSON: () => ({ id: 'cred-1' }) };
    Object.defineProperty(navigator, 'credentials', {
      value: { create: vi.fn(() => Promise.resolve(credential)) },
      configurable: true,
    });
    mockFetch({
      'POST /auth/login': () => jsonResponse({ step: 'enrol', methods: [] }, 202),
      'POST /auth/security/passkeys/options': { challenge: 'abc' },
      'POST /auth/security/passkeys': () =>
        jsonResponse({ recovery_codes: ['AAAAA-BBBBB'], session: makeUser({ home: 'clients/home' }) }, 201),
    });
    renderLogin();
    await submit();
    expect(await screen.findByText('Your role requires two-step verification. Set it up to continue.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Create a passkey' }));
    await userEvent.click(await screen.findByRole('button', { name: 'I saved them, continue' }));
    expect(await screen.findByRole('heading', { name: 'Client home' })).toBeInTheDocument();
  });
});
