import { type MessageDescriptor, defineMessages } from 'react-intl';

/** Messages shared by the whole app, including the user messages of spec §8. */
export const commonMessages = defineMessages({
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
  tryAgainLater: { id: 'common.tryAgainLater', defaultMessage: 'Please, try again later' },
  problemsGenerateBillet: { id: 'common.problemsGenerateBillet', defaultMessage: 'Problems to generate the billet' },
  problemGenerateWithdraw: { id: 'common.problemGenerateWithdraw', defaultMessage: 'Problem to generate the withdraw' },
  withdrawalsNotFound: { id: 'common.withdrawalsNotFound', defaultMessage: 'Withdrawals not found' },
  depositsNotFound: { id: 'common.depositsNotFound', defaultMessage: 'Deposits not found' },
  unableGenerateReport: { id: 'common.unableGenerateReport', defaultMessage: 'Unable to generate report' },
  fileDownloadSuccessful: { id: 'common.fileDownloadSuccessful', defaultMessage: 'File download successful' },
  noRecords: { id: 'common.noRecords', defaultMessage: 'No records to show' },
  noRecordsUseFilter: { id: 'common.noRecordsUseFilter', defaultMessage: 'No records to show. Use the filter above' },
  home: { id: 'common.home', defaultMessage: 'Home' },
  breadcrumb: { id: 'common.breadcrumb', defaultMessage: 'Breadcrumb' },
  close: { id: 'common.close', defaultMessage: 'Close' },
  chunkErrorTitle: { id: 'common.chunkError.title', defaultMessage: 'This screen could not be loaded' },
  chunkErrorText: {
    id: 'common.chunkError.text',
    defaultMessage: 'A part of the application failed to download (chunk load error). Check your connection and reload the page.',
  },
  reload: { id: 'common.reload', defaultMessage: 'Reload' },
  errorTitle: { id: 'common.error.title', defaultMessage: 'Something went wrong' },
  errorText: { id: 'common.error.text', defaultMessage: 'An unexpected error happened. Reload the page or try again later.' },
  retry: { id: 'common.retry', defaultMessage: 'Try again' },
});

/** Role names shown in the interface (spec §6). */
export const roleMessages = defineMessages({
  customer: { id: 'role.customer', defaultMessage: 'Customer' },
  client: { id: 'role.client', defaultMessage: 'Client' },
  client_user: { id: 'role.client_user', defaultMessage: 'Client user' },
  client_user_admin: { id: 'role.client_user_admin', defaultMessage: 'Client administrator' },
  client_user_analyst: { id: 'role.client_user_analyst', defaultMessage: 'Client analyst' },
  client_user_financial: { id: 'role.client_user_financial', defaultMessage: 'Client financial' },
  employee: { id: 'role.employee', defaultMessage: 'Employee' },
  admin: { id: 'role.admin', defaultMessage: 'Administrator' },
  financial: { id: 'role.financial', defaultMessage: 'Financial' },
  partner: { id: 'role.partner', defaultMessage: 'Partner' },
  partner_admin: { id: 'role.partner_admin', defaultMessage: 'Partner administrator' },
  partner_support: { id: 'role.partner_support', defaultMessage: 'Partner support' },
  partner_analyst: { id: 'role.partner_analyst', defaultMessage: 'Partner analyst' },
  partner_providers: { id: 'role.partner_providers', defaultMessage: 'Partner providers' },
  partner_superadmin: { id: 'role.partner_superadmin', defaultMessage: 'Partner super administrator' },
  company: { id: 'role.company', defaultMessage: 'Company' },
  hms: { id: 'role.hms', defaultMessage: 'HMS' },
  editor: { id: 'role.editor', defaultMessage: 'Editor' },
  unknown: { id: 'role.unknown', defaultMessage: 'User' },
});

export function roleMessage(role: string): MessageDescriptor {
  return Object.hasOwn(roleMessages, role) ? (roleMessages as Record<string, MessageDescriptor>)[role]! : roleMessages.unknown;
}
