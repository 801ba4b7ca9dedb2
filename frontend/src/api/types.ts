/**
 * The API types the app uses, by name. They come from the OpenAPI document of the backend
 * (`frontend/openapi.json` -> `npm run gen:api` -> schema.gen.ts); never write them by hand.
 */
import type { components, operations } from './schema.gen';

type Schemas = components['schemas'];

export type ErrorOut = Schemas['ErrorOut'];
export type CsrfOut = Schemas['CsrfOut'];
export type OkOut = Schemas['OkOut'];
export type LoginIn = Schemas['LoginIn'];
export type PasswordIn = Schemas['PasswordIn'];
export type ProfileIn = Schemas['ProfileIn'];
export type MenuEntry = Schemas['MenuEntryOut'];
export type SessionUser = Schemas['SessionUserOut'];
export type LoginStep = Schemas['LoginStepOut'];
export type SecurityStatus = Schemas['SecurityOut'];
export type TotpSetup = Schemas['TotpSetupOut'];
export type Enrolled = Schemas['EnrolledOut'];
export type RecoveryCodes = Schemas['RecoveryCodesOut'];

// Deposits (clients/payments, clients/home).
export type Deposit = Schemas['DepositOut'];
export type DepositListItem = Schemas['DepositListItemOut'];
export type DepositDetail = Schemas['DepositDetailOut'];
export type DepositEvent = Schemas['DepositEventOut'];
export type DepositPosting = Schemas['PostingOut'];
export type DepositList = Schemas['DepositListOut'];
export type DepositIn = Schemas['DepositIn'];
export type DepositPayerIn = Schemas['PayerIn'];
export type DepositSummary = Schemas['SummaryOut'];
export type CurrencySummary = Schemas['CurrencySummaryOut'];
export type DepositListQuery = NonNullable<operations['payments_api_list_deposits']['parameters']['query']>;
export type Balance = Schemas['BalanceOut'];

// Staff transactions (employee/transactions).
export type Transaction = Schemas['TransactionOut'];
export type TransactionList = Schemas['TransactionListOut'];
export type TransactionListQuery = NonNullable<operations['backoffice_api_list_transactions']['parameters']['query']>;
/** GET /api/transactions/wallet-withdraws (admin/wallet-withdraws). */
export type WalletWithdrawListQuery = NonNullable<operations['backoffice_api_list_wallet_withdraws']['parameters']['query']>;
/** GET /api/tenants: the tenants (clients, partners) the user may see. */
export type VisibleTenant = operations['backoffice_api_list_tenants']['responses'][200]['content']['application/json'][number];

// Notifications and the compliance count.
export type Notification = Schemas['NotificationOut'];
export type NotificationList = Schemas['NotificationListOut'];
export type ComplianceCount = Schemas['CountOut'];

// Money out: bank accounts, payouts, the compliance queue, refunds.
export type Bank = Schemas['BankOut'];
export type BankAccount = Schemas['BankAccountOut'];
export type BankAccountIn = Schemas['BankAccountIn'];
export type Payout = Schemas['PayoutOut'];
export type PayoutDetail = Schemas['PayoutDetailOut'];
export type PayoutEvent = Schemas['PayoutEventOut'];
export type PayoutList = Schemas['PayoutListOut'];
export type PayoutIn = Schemas['PayoutIn'];
export type StaffPayoutIn = Schemas['StaffPayoutIn'];
// Payout imports (clients/manual-withdraws).
export type PayoutImport = Schemas['ImportOut'];
export type PayoutImportDetail = Schemas['ImportDetailOut'];
export type PayoutImportList = Schemas['ImportListOut'];
export type PayoutImportRow = Schemas['ImportRowOut'];
// Batch files (admin/batch-files): CNAB 240 remittances of payouts and the banks' returns.
export type BatchFile = Schemas['BatchFileOut'];
export type BatchFileDetail = Schemas['BatchFileDetailOut'];
export type BatchFileList = Schemas['BatchFileListOut'];
export type BatchItem = Schemas['BatchItemOut'];
export type BatchReturnLine = Schemas['ReturnLineOut'];
export type BatchProvider = Schemas['BatchProviderOut'];
export type BatchOccurrence = Schemas['OccurrenceOut'];
export type SimulatedReturnOutcome = Schemas['SimulatedReturnIn']['outcome'];
export type PayoutListQuery = NonNullable<operations['payouts_api_list_payouts']['parameters']['query']>;
export type ComplianceItem = Schemas['ComplianceItemOut'];
export type ComplianceList = Schemas['ComplianceListOut'];
export type RefundIn = Schemas['RefundIn'];
export type Refund = Schemas['RefundOut'];
export type RefundList = Schemas['RefundListOut'];

// API keys (client/credentials).
export type ApiKey = Schemas['ApiKeyOut'];
export type ApiKeyCreated = Schemas['ApiKeyCreatedOut'];
export type ApiKeyIn = Schemas['ApiKeyIn'];
export type ApiKeyRotated = Schemas['ApiKeyRotatedOut'];

// Webhooks to merchants (clients/webhooks).
export type WebhookEndpoint = Schemas['EndpointOut'];
export type WebhookEndpointCreated = Schemas['EndpointCreatedOut'];
export type WebhookEndpointIn = Schemas['EndpointIn'];
export type WebhookEndpointPatch = Schemas['EndpointPatch'];
export type WebhookDelivery = Schemas['DeliveryOut'];
export type WebhookDeliveryList = Schemas['DeliveryListOut'];
export type WebhookDeliveryDetail = Schemas['DeliveryDetailOut'];

// Admin of money in and out: fee rates (admin/fee-rates), provider routes and plugins
// (admin/deposits-banks, admin/withdraws-banks).
export type FeeRate = Schemas['FeeRateOut'];
export type FeeRateIn = Schemas['FeeRateIn'];
export type ProviderRoute = Schemas['RouteOut'];
export type ProviderRouteIn = Schemas['RouteIn'];
export type Plugin = Schemas['PluginOut'];
export type RefusedPlugin = Schemas['RefusedPluginOut'];
export type PluginConfigIn = Schemas['PluginConfigIn'];

// Statistics (homes, metrics).
export type StatsSummary = Schemas['StatsSummaryOut'];
export type StatsSeries = Schemas['StatsSeriesOut'];
export type StatsTotals = Schemas['StatsTotalsOut'];
export type Volume = Schemas['VolumeOut'];
export type VolumeRow = Schemas['VolumeRowOut'];
export type VolumeTotal = Schemas['VolumeTotalOut'];
export type VolumeQuery = NonNullable<operations['stats_api_stats_volume']['parameters']['query']>;
export type Restriction = Schemas['RestrictionOut'];
export type RestrictionList = Schemas['RestrictionListOut'];
export type RestrictionInput = Schemas['RestrictionIn'];
export type CustomerAlert = Schemas['AlertOut'];
export type CustomerAlertList = Schemas['AlertListOut'];
// The MED desk (employee/meds).
export type MedCase = Schemas['MedOut'];
export type MedCaseDetail = Schemas['MedDetailOut'];
export type MedCaseList = Schemas['MedListOut'];
export type MedEvidence = Schemas['EvidenceOut'];
// KYC onboarding (client/kyc, admin/customers-kyc).
export type KycFile = Schemas['KycOut'];
export type KycInput = Schemas['KycIn'];
export type KycPerson = Schemas['KycPersonOut'];
export type KycDocument = Schemas['KycDocumentOut'];
export type KycListItem = Schemas['KycListItem'];
export type KycList = Schemas['KycListOut'];
// Exports of the lists (the Export button of the list kit and the download center).
export type ExportJob = Schemas['ExportOut'];
export type ExportIn = Schemas['ExportIn'];
export type ExportCreated = Schemas['ExportCreatedOut'];
// The partner area (partner/*, partner-providers/*): its clients' records from the public index.
export type PartnerDeposit = Schemas['PartnerDepositOut'];
export type PartnerDepositList = Schemas['PartnerDepositListOut'];
export type PartnerDepositListQuery = NonNullable<operations['backoffice_partner_api_partner_deposits']['parameters']['query']>;
export type PartnerWithdraw = Schemas['PartnerWithdrawOut'];
export type PartnerWithdrawList = Schemas['PartnerWithdrawListOut'];
export type PartnerWithdrawListQuery = NonNullable<operations['backoffice_partner_api_partner_withdraws']['parameters']['query']>;
export type PartnerBalance = Schemas['PartnerBalanceOut'];
export type PartnerHome = Schemas['PartnerHomeOut'];
export type Settlement = Schemas['SettlementOut'];
export type SettlementList = Schemas['SettlementListOut'];
export type SettlementDetail = Schemas['SettlementDetailOut'];
export type SettlementListQuery = NonNullable<operations['payments_api_list_settlements']['parameters']['query']>;

// Receipts (a paid deposit, a settlement) and monthly fee invoices (admin/invoices).
export type DepositReceipt = Schemas['DepositReceiptOut'];
export type SettlementReceipt = Schemas['SettlementReceiptOut'];
export type ReceiptVerification = Schemas['ReceiptVerifyOut'];
export type Invoice = Schemas['InvoiceOut'];
export type InvoiceList = Schemas['InvoiceListOut'];
export type InvoiceDetail = Schemas['InvoiceDetailOut'];
export type InvoiceListQuery = NonNullable<operations['stats_invoices_api_list_invoices']['parameters']['query']>;

// Platform administration: clients (admin/clients).
export type AdminTenant = Schemas['AdminTenantOut'];
export type AdminTenantList = Schemas['AdminTenantListOut'];
export type AdminTenantListQuery = NonNullable<operations['backoffice_api_list_admin_tenants']['parameters']['query']>;
export type TenantCreateIn = Schemas['TenantCreateIn'];
export type TenantCreated = Schemas['TenantCreatedOut'];

// A partner's clients (the Clientes tab of partner/users).
export type PartnerClient = Schemas['OwnClientOut'];
export type PartnerClientList = Schemas['OwnClientListOut'];
export type PartnerClientListQuery = NonNullable<operations['backoffice_partner_api_partner_client_list']['parameters']['query']>;
export type PartnerClientCreateIn = Schemas['OwnClientCreateIn'];
export type PartnerClientCreated = Schemas['OwnClientCreatedOut'];
export type PartnerClientDetail = Schemas['OwnClientDetailOut'];
export type PartnerClientFee = Schemas['ClientFeeOut'];
export type PartnerClientConfigIn = Schemas['OwnClientConfigIn'];
export type PartnerClientFeeIn = Schemas['OwnClientFeeIn'];

// The tenant's own users (clients/client-user).
export type Member = Schemas['MemberOut'];
export type MemberAdded = Schemas['MemberAddedOut'];
export type MemberIn = Schemas['MemberIn'];
export type MemberChangeIn = Schemas['MemberChangeIn'];
export type EmployeeClients = Schemas['EmployeeClientsOut'];
export type AssignmentIn = Schemas['AssignmentIn'];

// Partners (admin/partners).
export type Partner = Schemas['PartnerOut'];
export type PartnerList = Schemas['PartnerListOut'];
export type PartnerDetail = Schemas['PartnerDetailOut'];
export type PartnerTermsIn = Schemas['PartnerTermsIn'];
export type FeeFloorIn = Schemas['FeeFloorIn'];
export type FeeFloor = Schemas['FeeFloorOut'];
export type PartnerListQuery = NonNullable<operations['backoffice_staff_api_list_partners']['parameters']['query']>;

// A customer's wallet (home, atividade, depositar, sacar).
export type WalletBalance = Schemas['WalletBalanceOut'];
export type WalletActivity = Schemas['ActivityOut'];
export type WalletActivityList = Schemas['ActivityListOut'];
export type WalletDepositIn = Schemas['WalletDepositIn'];
export type WalletActivityQuery = NonNullable<operations['payouts_wallet_api_wallet_activity']['parameters']['query']>;

// The operator on watch (hms/).
export type OperationsStatus = Schemas['OperationsStatusOut'];

// Notices (page2, the shell's banner).
export type Notice = Schemas['NoticeOut'];
export type NoticeIn = Schemas['NoticeIn'];
export type NoticeList = Schemas['NoticeListOut'];
export type LiveNotice = Schemas['LiveNoticeOut'];
// The audit trail (client/logs) and the platform's settings (admin/config).
export type AuditEvent = Schemas['AuditEventOut'];
export type AuditEventList = Schemas['AuditEventListOut'];
export type PlatformSettings = Schemas['PlatformSettingsOut'];
export type PlatformSettingsIn = Schemas['PlatformSettingsIn'];
export type PlatformStatus = Schemas['PlatformStatusOut'];
export type ComplianceRule = Schemas['ComplianceRuleOut'];
export type ComplianceRuleIn = Schemas['ComplianceRuleIn'];
// Statements, external adjustments and client balances (admin/statements, financial/statements, admin/clients-balance).
export type LedgerAccount = Schemas['AccountOut'];
export type LedgerAccountList = Schemas['AccountListOut'];
export type Statement = Schemas['StatementOut'];
export type StatementLine = Schemas['StatementLineOut'];
export type Adjustment = Schemas['AdjustmentOut'];
export type AdjustmentList = Schemas['AdjustmentListOut'];
export type AdjustmentInput = Schemas['AdjustmentIn'];
export type ClientBalanceList = Schemas['BalanceListOut'];
export type ClientBalanceRow = Schemas['BalanceRowOut'];
// PIX keys and direct deposits (clients/direct_deposits, employee/direct_deposits).
export type PixKey = Schemas['PixKeyOut'];
export type PixKeyList = Schemas['PixKeyListOut'];
export type PixKeyInput = Schemas['PixKeyIn'];
export type DirectDeposit = Schemas['DirectDepositOut'];
export type DirectDepositList = Schemas['DirectDepositListOut'];
export type StaffDirectDeposit = Schemas['StaffDirectDepositOut'];
export type StaffDirectDepositList = Schemas['StaffDirectDepositListOut'];

// Customers (client/crm) and the document look-up (client/kyc-consult)
export type Customer = Schemas['CustomerOut'];
export type CustomerList = Schemas['CustomerListOut'];
export type CustomerDetail = Schemas['CustomerDetailOut'];
export type CustomerNote = Schemas['CustomerNoteOut'];
export type KycConsult = Schemas['KycConsultOut'];
export type CustomerMetric = Schemas['CustomerMetricOut'];
export type CustomerMetricList = Schemas['CustomerMetricListOut'];
export type KycContact = Schemas['ContactOut'];
export type KycContactList = Schemas['ContactListOut'];
// The company's own settings (clients/config) and provider banks (clients/provider-banks).
export type CompanySettings = Schemas['CompanySettingsOut'];
export type CompanySettingsIn = Schemas['CompanySettingsIn'];
export type ProviderBank = Schemas['ProviderBankOut'];
