import { defineMessage, defineMessages } from 'react-intl';

/** The second factor's words: the login's second step, enrolment, the step-up dialog, Segurança. */
export const secondFactorMessages = defineMessages({
  verifyTitle: { id: 'secondFactor.verify.title', defaultMessage: 'Two-step verification' },
  verifyIntro: {
    id: 'secondFactor.verify.intro',
    defaultMessage: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  },
  code: { id: 'secondFactor.code', defaultMessage: 'Verification code' },
  codeRequired: { id: 'secondFactor.codeRequired', defaultMessage: 'Enter the code' },
  verify: { id: 'secondFactor.verify.submit', defaultMessage: 'Verify' },
  verifying: { id: 'secondFactor.verify.submitting', defaultMessage: 'Verifying…' },
  usePasskey: { id: 'secondFactor.verify.passkey', defaultMessage: 'Use a passkey' },
  passkeyFailed: { id: 'secondFactor.passkeyFailed', defaultMessage: 'The passkey was not used. Try again or enter a code.' },
  enrolTitle: { id: 'secondFactor.enrol.title', defaultMessage: 'Set up two-step verification' },
  enrolRequired: {
    id: 'secondFactor.enrol.required',
    defaultMessage: 'Your role requires two-step verification. Set it up to continue.',
  },
  enrolIntro: {
    id: 'secondFactor.enrol.intro',
    defaultMessage: 'Scan the QR code with an authenticator app (or type the key), then enter the code it shows.',
  },
  enrolStart: { id: 'secondFactor.enrol.start', defaultMessage: 'Set up an authenticator app' },
  qrAlt: { id: 'secondFactor.enrol.qrAlt', defaultMessage: 'QR code for your authenticator app' },
  secretKey: { id: 'secondFactor.enrol.secret', defaultMessage: 'Key (shown only now)' },
  confirm: { id: 'secondFactor.enrol.confirm', defaultMessage: 'Enable' },
  recoveryTitle: { id: 'secondFactor.recovery.title', defaultMessage: 'Your recovery codes' },
  recoveryIntro: {
    id: 'secondFactor.recovery.intro',
    defaultMessage: 'Keep these codes somewhere safe. Each works once, if you lose your phone. They are shown only now.',
  },
  recoveryList: { id: 'secondFactor.recovery.list', defaultMessage: 'Recovery codes' },
  continue: { id: 'secondFactor.continue', defaultMessage: 'I saved them, continue' },
  stepUpTitle: { id: 'secondFactor.stepUp.title', defaultMessage: 'Confirm it is you' },
  stepUpIntro: {
    id: 'secondFactor.stepUp.intro',
    defaultMessage: 'This change needs a fresh code from your authenticator app (or a recovery code).',
  },
  stepUpSubmit: { id: 'secondFactor.stepUp.submit', defaultMessage: 'Confirm' },
  securityTitle: { id: 'secondFactor.security.title', defaultMessage: 'Security' },
  securityIntro: {
    id: 'secondFactor.security.intro',
    defaultMessage: 'Two-step verification asks for a code or a passkey after your password.',
  },
  securityRequired: { id: 'secondFactor.security.required', defaultMessage: 'Required for your role.' },
  totpOn: { id: 'secondFactor.security.totpOn', defaultMessage: 'Authenticator app: enabled' },
  totpOff: { id: 'secondFactor.security.totpOff', defaultMessage: 'Authenticator app: not set up' },
  recoveryLeft: defineMessage<{ count: number }>({
    id: 'secondFactor.security.recoveryLeft',
    defaultMessage: '{count, plural, one {# recovery code left} other {# recovery codes left}}',
  }),
  disable: { id: 'secondFactor.security.disable', defaultMessage: 'Disable the authenticator app' },
  disableTitle: { id: 'secondFactor.security.disableTitle', defaultMessage: 'Disable the authenticator app' },
  regenerate: { id: 'secondFactor.security.regenerate', defaultMessage: 'New recovery codes' },
  regenerateIntro: {
    id: 'secondFactor.security.regenerateIntro',
    defaultMessage: 'The old recovery codes stop working. Confirm with a current code.',
  },
  passkeys: { id: 'secondFactor.security.passkeys', defaultMessage: 'Passkeys' },
  noPasskeys: { id: 'secondFactor.security.noPasskeys', defaultMessage: 'No passkey yet.' },
  addPasskey: { id: 'secondFactor.security.addPasskey', defaultMessage: 'Add a passkey' },
  passkeyName: { id: 'secondFactor.security.passkeyName', defaultMessage: 'Passkey name' },
  removePasskey: defineMessage<{ name: string }>({ id: 'secondFactor.security.removePasskey', defaultMessage: 'Remove {name}' }),
  passkeyAdded: defineMessage<{ date: string }>({ id: 'secondFactor.security.passkeyAdded', defaultMessage: 'Added on {date}' }),
  done: { id: 'secondFactor.done', defaultMessage: 'Done' },
  cancel: { id: 'secondFactor.cancel', defaultMessage: 'Cancel' },
});
