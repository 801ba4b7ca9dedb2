import { Button } from '@chakra-ui/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { api, isApiError, resetCsrfCache } from '@/lib/api-client';
import { jsonResponse, mockFetch, renderWithProviders } from '@/testing/test-utils';

import { StepUpProvider } from './step-up';

const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`);
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+' };
const SECURITY = { required: false, totp: false, totp_since: null, recovery_codes_left: 0, passkeys: [] };

/** A screen that changes a member's role (a step-up-protected call) and says how it ended. */
function ChangeRole() {
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <Button
        onClick={() =>
          api.patch('/members/5', { role: 'client_user_financial' }).then(
            () => setOutcome('Role changed'),
            (error: unknown) => setOutcome(`Refused: ${isApiError(error) ? error.code : 'other'}`),
          )
        }
      >
        Change role
      </Button>
      <output>{outcome}</output>
    </>
  );
}

function render() {
  renderWithProviders(
    <StepUpProvider>
      <ChangeRole />
    </StepUpProvider>,
  );
}

/** PATCH /members/5 refused with `code` until `passes()` says the session may. */
function protectedCall(code: string, passes: () => boolean) {
  const calls = vi.fn(() =>
    passes() ? jsonResponse({ id: 5, role: 'client_user_financial' }) : jsonResponse({ code, message: 'Needs 2FA' }, 403),
  );
  return calls;
}

describe('step-up dialog', () => {
  beforeEach(() => {
    resetCsrfCache();
    document.cookie = 'csrftoken=t';
  });

  it('a user with no second factor enrols an authenticator app right there, then the change goes on', async () => {
    let enrolled = false;
    const change = protectedCall('second_factor_enrolment_required', () => enrolled);
    mockFetch({
      'PATCH /members/5': change,
      'POST /auth/security/totp': SETUP,
      'POST /auth/security/totp/confirm': () => {
        enrolled = true;
        return jsonResponse({ recovery_codes: CODES, session: null });
      },
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step verification' });
    expect(within(dialog).getByText(/This change requires two-step verification/)).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Set up an authenticator app' }));
    await userEvent.type(await within(dialog).findByLabelText(/Verification code/), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await within(dialog).findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(change).toHaveBeenCalledTimes(1); // not retried before the codes are acknowledged
    await userEvent.click(within(dialog).getByRole('button', { name: 'I saved them, continue' }));
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(change).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closing the enrolment leaves the refusal to the screen', async () => {
    mockFetch({ 'PATCH /members/5': protectedCall('second_factor_enrolment_required', () => false) });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step verification' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Refused: second_factor_enrolment_required')).toBeInTheDocument();
  });

  it('a user with a passkey may step up with it instead of a code', async () => {
    let fresh = false;
    const change = protectedCall('step_up_required', () => fresh);
    vi.stubGlobal('PublicKeyCredential', { parseRequestOptionsFromJSON: (options: unknown) => options });
    const assertion = { toJSON: () => ({ id: 'cred-1' }) };
    Object.defineProperty(navigator, 'credentials', { value: { get: vi.fn(() => Promise.resolve(assertion)) }, configurable: true });
    mockFetch({
      'PATCH /members/5': change,
      'GET /auth/security': { ...SECURITY, passkeys: [{ id: 1, name: 'Notebook', created_at: '2026-01-01T00:00:00Z', last_used_at: null }] },
      'POST /auth/second-factor/passkey-options': { challenge: 'abc' },
      'POST /auth/second-factor/passkey': () => {
        fresh = true;
        return jsonResponse({});
      },
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(change).toHaveBeenCalledTimes(2);
  });

  it('a user without a passkey is asked for a code only', async () => {
    vi.stubGlobal('PublicKeyCredential', { parseRequestOptionsFromJSON: (options: unknown) => options });
    const fetchMock = mockFetch({
      'PATCH /members/5': protectedCall('step_up_required', () => false),
      'GET /auth/security': { ...SECURITY, totp: true },
    });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByLabelText(/Verification code/)).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some((call) => String(call[0]).endsWith('/auth/security'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0)); // the answer's render
    expect(within(dialog).queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });
});
