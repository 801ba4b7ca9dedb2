import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { resetCsrfCache } from '@/lib/api-client';
import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { SecuritySection } from './security-section';

const OFF = { passkeys: [], recovery_codes_left: 0, required: false, totp: false, totp_since: null };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP = { secret: SECRET, uri: 'otpauth://totp/x', qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+' };

function calls(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter((call) => String(call[0]).endsWith(path));
}

describe('Segurança: enrolling an authenticator app', () => {
  beforeEach(() => {
    resetCsrfCache();
    document.cookie = 'csrftoken=t';
  });

  it('starts with one click: the QR code and the key show at once, no second button of the same name', async () => {
    const fetchMock = mockFetch({ 'GET /auth/security': OFF, 'POST /auth/security/totp': SETUP });
    renderWithProviders(<SecuritySection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up an authenticator app' })).not.toBeInTheDocument();
    expect(calls(fetchMock, '/auth/security/totp')).toHaveLength(1);
  });

  it('shows the key in a wrapping multi-line field, in groups of four, with a copy button', async () => {
    mockFetch({ 'GET /auth/security': OFF, 'POST /auth/security/totp': SETUP });
    renderWithProviders(<SecuritySection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const key = await screen.findByLabelText('Key (shown only now)');
    // A textarea wraps a long key over lines (an <input> cuts it off at 390 px).
    expect(key.tagName).toBe('TEXTAREA');
    expect(key).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(key).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('Cancel goes back to the section without enabling anything', async () => {
    const fetchMock = mockFetch({ 'GET /auth/security': OFF, 'POST /auth/security/totp': SETUP });
    renderWithProviders(<SecuritySection />, { locale: 'pt-BR' });
    await userEvent.click(await screen.findByRole('button', { name: 'Configurar um aplicativo autenticador' }));
    await screen.findByLabelText('Chave (mostrada só agora)');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByLabelText('Chave (mostrada só agora)')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Configurar um aplicativo autenticador' })).toBeEnabled();
    expect(calls(fetchMock, '/auth/security/totp/confirm')).toHaveLength(0);
  });

  it('a refused start is said in the section, and the button stays', async () => {
    mockFetch({
      'GET /auth/security': OFF,
      'POST /auth/security/totp': () => jsonResponse({ code: 'x', message: 'Not now' }, 409),
    });
    renderWithProviders(<SecuritySection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not now');
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeEnabled();
  });
});
