import { defineMessages } from 'react-intl';

/**
 * The words of enrolling a second factor by choice (FactorEnrolment, the step-up dialog's enrolment,
 * passkey errors): apart from messages.ts so the login page's bundle (250 KB budget) does not carry
 * them; they load with the lazy enrolment.
 */
export const enrolmentMessages = defineMessages({
  stepUpIntroPasskey: {
    id: 'secondFactor.stepUp.introPasskey',
    defaultMessage: 'This change needs a fresh second factor: use your passkey, or enter a code from your authenticator app or a recovery code.',
  },
  stepUpEnrolTitle: { id: 'secondFactor.stepUp.enrolTitle', defaultMessage: 'Set up two-step verification' },
  stepUpEnrolIntro: {
    id: 'secondFactor.stepUp.enrolIntro',
    defaultMessage: 'This change requires two-step verification. Set it up now; the change goes on once it is done.',
  },
  enrolChoose: {
    id: 'secondFactor.enrol.choose',
    defaultMessage: 'Choose how you will confirm it is you: an authenticator app on your phone, or a passkey of this device.',
  },
  enrolPasskey: { id: 'secondFactor.enrol.passkey', defaultMessage: 'Create a passkey' },
  passkeyDefaultName: { id: 'secondFactor.enrol.passkeyDefaultName', defaultMessage: 'Passkey' },
  enrolPasskeyHint: {
    id: 'secondFactor.enrol.passkeyHint',
    defaultMessage: 'Your browser asks for your fingerprint, face, screen lock or security key.',
  },
  passkeyUnsupported: {
    id: 'secondFactor.passkeyUnsupported',
    defaultMessage: 'This browser does not support passkeys. Use an authenticator app, or another browser.',
  },
  passkeyCancelled: {
    id: 'secondFactor.passkeyCancelled',
    defaultMessage: 'The passkey was not created: the request was cancelled or timed out. Try again or use an authenticator app.',
  },
  passkeyExists: {
    id: 'secondFactor.passkeyExists',
    defaultMessage: 'This device already holds a passkey of your account. Use another device or an authenticator app.',
  },
  passkeyCreateFailed: {
    id: 'secondFactor.passkeyCreateFailed',
    defaultMessage: 'The passkey could not be created. Try again or use an authenticator app.',
  },
});
