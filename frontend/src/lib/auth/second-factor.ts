/**
 * The second factor (accounts.second_factor): the login's second step, enrolment, step-up and the
 * "Segurança" section's calls. Passkeys use the browser's own WebAuthn JSON helpers.
 */
import type { Enrolled, LoginStep, RecoveryCodes, SecurityStatus, SessionUser, TotpSetup } from '@/api/types';
import { api } from '@/lib/api-client';

export function isLoginStep(answer: SessionUser | LoginStep): answer is LoginStep {
  return 'step' in answer;
}

/** POST /api/auth/second-factor: completes a pending login, or steps up a signed-in session. */
export function verifyCode(code: string): Promise<SessionUser> {
  return api.post<SessionUser>('/auth/second-factor', { code });
}

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential?.parseRequestOptionsFromJSON === 'function';
}

/** The browser can create a passkey (WebAuthn with the JSON helpers this client uses). */
export function passkeyCreationSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential?.parseCreationOptionsFromJSON === 'function' &&
    typeof navigator.credentials?.create === 'function'
  );
}

/** A passkey as the second factor: options from the server, the browser's assertion back. */
export async function verifyPasskey(): Promise<SessionUser> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>('/auth/second-factor/passkey-options');
  const credential = (await navigator.credentials.get({
    publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('no credential');
  return api.post<SessionUser>('/auth/second-factor/passkey', { credential: credential.toJSON() });
}

export const SECURITY_QUERY_KEY = ['auth', 'security'] as const;

export function getSecurity(): Promise<SecurityStatus> {
  return api.get<SecurityStatus>('/auth/security');
}

export function beginTotp(): Promise<TotpSetup> {
  return api.post<TotpSetup>('/auth/security/totp');
}

export function confirmTotp(code: string): Promise<Enrolled> {
  return api.post<Enrolled>('/auth/security/totp/confirm', { code });
}

export function disableTotp(code: string): Promise<SecurityStatus> {
  return api.post<SecurityStatus>('/auth/security/totp/disable', { code });
}

export function regenerateRecoveryCodes(code: string): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/auth/security/recovery-codes', { code });
}

/** Register a passkey on this host: options from the server, the browser's attestation back. */
export async function registerPasskey(name: string): Promise<Enrolled> {
  const options = await api.post<PublicKeyCredentialCreationOptionsJSON>('/auth/security/passkeys/options');
  const credential = (await navigator.credentials.create({
    publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('no credential');
  return api.post<Enrolled>('/auth/security/passkeys', { credential: credential.toJSON(), name });
}

export function removePasskey(id: number): Promise<void> {
  return api.delete<void>(`/auth/security/passkeys/${id}`);
}
