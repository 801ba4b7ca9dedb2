import type { IntlShape } from 'react-intl';

import { isApiError } from '@/lib/api-client';

import { enrolmentMessages as e } from './enrolment-messages';

/**
 * What a failed passkey creation tells the person: the server's (translated) message, a ceremony the
 * person cancelled or let time out (NotAllowedError, AbortError), a device that already holds one of
 * the account's passkeys (InvalidStateError), a browser without WebAuthn, else a generic failure.
 */
export function passkeyCreationError(error: unknown, intl: IntlShape): string {
  if (isApiError(error) && error.message) return error.message;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'AbortError':
      return intl.formatMessage(e.passkeyCancelled);
    case 'InvalidStateError':
      return intl.formatMessage(e.passkeyExists);
    case 'NotSupportedError':
      return intl.formatMessage(e.passkeyUnsupported);
    default:
      return intl.formatMessage(e.passkeyCreateFailed);
  }
}
