import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { resetCsrfCache } from '@/lib/api-client';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { FactorEnrolment } from './factor-enrolment';

const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+' };

/** A browser with WebAuthn: `create` is what the authenticator does (answer, or refuse). */
function stubWebAuthn(create: () => Promise<unknown>) {
  vi.stubGlobal('PublicKeyCredential', {
    parseCreationOptionsFromJSON: (options: unknown) => ({ parsed: options }),
    parseRequestOptionsFromJSON: (options: unknown) => ({ parsed: options }),
  });
  const spy = vi.fn(create);
  Object.defineProperty(navigator, 'credentials', { value: { create: spy, get: vi.fn() }, configurable: true });
  return spy;
}

function noWebAuthn() {
  vi.stubGlobal('PublicKeyCredential', undefined);
  Object.defineProperty(navigator, 'credentials', { value: undefined, configurable: true });
}

function render(locale: 'en' | 'pt-BR' = 'en') {
  const onFinished = vi.fn();
  renderWithProviders(<FactorEnrolment onFinished={onFinished} />, { locale });
  return onFinished;
}

describe('second factor enrolment: the choice', () => {
  beforeEach(() => {
    resetCsrfCache();
    document.cookie = 'csrftoken=t';
  });

  it('offers an authenticator app or a passkey; the app shows its QR code at once', async () => {
    stubWebAuthn(() => Promise.reject(new Error('not used')));
    const fetchMock = mockFetch({ 'POST /auth/security/totp': SETUP });
    render();
    expect(screen.getByRole('button', { name: 'Create a passkey' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter((call) => String(call[0]).endsWith('/auth/security/totp'))).toHaveLength(1);
  });

  it('creates a passkey with the browser, shows the recovery codes, then finishes with the answer', async () => {
    const credential = { toJSON: () => ({ id: 'cred-1', type: 'public-key' }) };
    const create = stubWebAuthn(() => Promise.resolve(credential));
    const session = makeUser();
    const fetchMock = mockFetch({
      'POST /auth/security/passkeys/options': { challenge: 'abc', rp: { id: 'localhost' } },
      'POST /auth/security/passkeys': () => jsonResponse({ recovery_codes: CODES, session }, 201),
    });
    const onFinished = render();
    await userEvent.click(screen.getByRole('button', { name: 'Create a passkey' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(codes.querySelectorAll('li')).toHaveLength(10);
    expect(create).toHaveBeenCalledWith({ publicKey: { parsed: { challenge: 'abc', rp: { id: 'localhost' } } } });
    const sent = fetchMock.mock.calls.find((call) => String(call[0]).endsWith('/auth/security/passkeys'));
    expect(JSON.parse((sent![1] as RequestInit).body as string)).toEqual({
      credential: { id: 'cred-1', type: 'public-key' },
      name: 'Passkey',
    });
    expect(onFinished).not.toHaveBeenCalled(); // not before the codes are acknowledged
    await userEvent.click(screen.getByRole('button', { name: 'I saved them, continue' }));
    expect(onFinished).toHaveBeenCalledWith({ recovery_codes: CODES, session });
  });

  it.each([
    ['NotAllowedError', 'The passkey was not created: the request was cancelled or timed out.'],
    ['InvalidStateError', 'This device already holds a passkey of your account.'],
    ['SecurityError', 'The passkey could not be created. Try again or use an authenticator app.'],
  ])('a ceremony that ends in %s says so and leaves both choices', async (name, text) => {
    stubWebAuthn(() => Promise.reject(new DOMException('refused', name)));
    const fetchMock = mockFetch({ 'POST /auth/security/passkeys/options': { challenge: 'abc' } });
    const onFinished = render();
    await userEvent.click(screen.getByRole('button', { name: 'Create a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(fetchMock.mock.calls.some((call) => String(call[0]).endsWith('/auth/security/passkeys'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Create a passkey' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeEnabled();
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('shows the server message when the server refuses the passkey', async () => {
    stubWebAuthn(() => Promise.resolve({ toJSON: () => ({ id: 'x' }) }));
    mockFetch({
      'POST /auth/security/passkeys/options': { challenge: 'abc' },
      'POST /auth/security/passkeys': () =>
        jsonResponse({ code: 'passkey_failed', message: 'The passkey could not be verified. Try again.' }, 400),
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Create a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey could not be verified. Try again.');
  });

  it('in a browser without WebAuthn the passkey is not offered, and says why (Portuguese)', () => {
    noWebAuthn();
    mockFetch({});
    render('pt-BR');
    expect(screen.getByRole('button', { name: 'Criar uma chave de acesso' })).toBeDisabled();
    expect(screen.getByText(/Este navegador não aceita chaves de acesso/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Configurar um aplicativo autenticador' })).toBeEnabled();
  });
});
