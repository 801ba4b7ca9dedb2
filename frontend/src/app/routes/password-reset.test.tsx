import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import LoginRoute from '@/app/routes/login';
import PasswordResetRoute from '@/app/routes/password-reset';
import { resetCsrfCache } from '@/lib/api-client';
import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

function renderReset(route = '/redefinir-senha', locale: 'en' | 'pt-BR' = 'en') {
  return renderWithProviders(<PasswordResetRoute />, { locale, route, path: '/redefinir-senha' });
}

describe('password reset', () => {
  beforeEach(() => {
    resetCsrfCache();
    document.cookie = 'csrftoken=t';
  });

  it('is linked from the login screen', () => {
    mockFetch({});
    renderWithProviders(<LoginRoute />, { locale: 'pt-BR', route: '/login', path: '/login' });
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/redefinir-senha');
  });

  it('asks for the link and says the same thing whatever the e-mail', async () => {
    const fetchMock = mockFetch({ 'POST /auth/password-reset': () => jsonResponse({ ok: true }, 202) });
    renderReset();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('Enter your e-mail')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/E-mail/), ' ana@acme.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If this e-mail belongs to a user here');
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ana@acme.test' });
  });

  it('sets the new password with the link, in Portuguese', async () => {
    const fetchMock = mockFetch({ 'POST /auth/password-reset/confirm': () => jsonResponse({ ok: true }) });
    renderReset('/redefinir-senha?uid=MQ&token=abc-123', 'pt-BR');
    await userEvent.type(screen.getByLabelText(/Nova senha/), 'Senha-forte-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar a nova senha' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sua senha foi alterada');
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(JSON.parse(init.body as string)).toEqual({ uid: 'MQ', token: 'abc-123', password: 'Senha-forte-2026' });
  });

  it('shows the server field error of a weak password', async () => {
    mockFetch({
      'POST /auth/password-reset/confirm': () =>
        jsonResponse({ code: 'weak_password', message: 'Weak password: too short.', fields: { password: 'weak_password' } }, 400),
    });
    renderReset('/redefinir-senha?uid=MQ&token=abc');
    await userEvent.type(screen.getByLabelText(/New password/), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Weak password: too short.')).toBeInTheDocument();
  });

  it('offers a new link when the link is used or invalid', async () => {
    mockFetch({
      'POST /auth/password-reset/confirm': () =>
        jsonResponse({ code: 'invalid_token', message: 'x', fields: { token: 'invalid_token' } }, 400),
    });
    renderReset('/redefinir-senha?uid=MQ&token=used');
    await userEvent.type(screen.getByLabelText(/New password/), 'Senha-forte-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or was already used');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });
});
