import { type MessageDescriptor, defineMessages } from 'react-intl';

/** The words of the new-client form, shared by admin/clients and the partner's clients panel. */
const messages = defineMessages({
  formTitle: { id: 'clientForm.formTitle', defaultMessage: 'New client' },
  submit: { id: 'clientForm.submit', defaultMessage: 'Create client' },
  cancel: { id: 'clientForm.cancel', defaultMessage: 'Cancel' },
  createFailed: { id: 'clientForm.createFailed', defaultMessage: 'The client was not created' },
  createdTitle: { id: 'clientForm.createdTitle', defaultMessage: 'Client created' },
  createdText: { id: 'clientForm.createdText', defaultMessage: '{name} is ready at {host}. Its owner {email} signs in there.' },
  passwordWarning: { id: 'clientForm.passwordWarning', defaultMessage: 'Give this password to the owner now: it is shown only once. They should change it at the first sign-in.' },
  passwordLabel: { id: 'clientForm.passwordLabel', defaultMessage: 'One-time password' },
  existingOwner: { id: 'clientForm.existingOwner', defaultMessage: '{email} already had a login: they sign in with their current password.' },
  done: { id: 'clientForm.done', defaultMessage: 'Done' },
  nameLabel: { id: 'clientForm.nameLabel', defaultMessage: 'Company name' },
  slugLabel: { id: 'clientForm.slugLabel', defaultMessage: 'Subdomain' },
  slugHint: { id: 'clientForm.slugHint', defaultMessage: 'Lower-case letters, digits and hyphens; the client signs in at {host}.' },
  emailLabel: { id: 'clientForm.emailLabel', defaultMessage: "Owner's e-mail" },
  emailHint: { id: 'clientForm.emailHint', defaultMessage: 'The first user, with the owner role (client).' },
  currenciesLabel: { id: 'clientForm.currenciesLabel', defaultMessage: 'Currencies' },
  required: { id: 'clientForm.required', defaultMessage: 'Required.' },
  slugInvalid: { id: 'clientForm.slugInvalid', defaultMessage: 'Use 1 to 30 lower-case letters, digits or hyphens (not at the ends).' },
  emailInvalid: { id: 'clientForm.emailInvalid', defaultMessage: 'Enter a valid e-mail.' },
  currencyRequired: { id: 'clientForm.currencyRequired', defaultMessage: 'Choose at least one currency.' },
  slugTaken: { id: 'clientForm.slugTaken', defaultMessage: 'This subdomain is not available.' },
});

export const clientFormMessages: Record<keyof typeof messages, MessageDescriptor> = messages;
