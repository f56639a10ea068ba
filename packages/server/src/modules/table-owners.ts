/**
 * Table ownership (issue 33): every table of `db/schema/` is written — INSERT, UPDATE, DELETE — by
 * exactly one module, through that module's `*.repo.ts`. Other modules call the owner's service.
 * `module-layout.test.ts` checks the repos against this map.
 *
 * Why a hand-written map and not "the schema file's area": the schema files mirror the migration
 * files, which group tables by when they were added, not by who owns them (`dashboard_widgets` sits
 * in `ledger.ts`, `user_notifications` in `postbacks.ts`, the boarding
 * documents in `boarding.ts`). One explicit line per table also makes a new table choose its owner:
 * the test fails on a schema table missing here.
 *
 * Keys are the schema's export names; values a folder under `src/modules/`, or — for tables no
 * module writes — the non-module code that does, in parentheses (no module repo may write those).
 */
export const TABLE_OWNERS: Record<string, string> = {
  // core.ts
  maintenance: 'system',
  idempotencyKeys: '(http/idempotency.ts)',
  mailOutbox: '(adapters/mail)',
  auditLog: 'audit',
  appMeta: '(seed.ts)',
  rateLimitHits: '(http/rate-limit.ts)',
  // companies.ts
  merchants: 'merchants',
  users: 'users',
  userMerchants: 'users',
  userGroups: 'users',
  // sessions.ts, identity.ts
  sessions: 'auth',
  loginThrottle: 'auth',
  userTokens: 'auth',
  userInvitations: 'users',
  securityHistory: 'security',
  // confirmations.ts
  confirmationChallenges: 'confirmations',
  confirmationAttempts: 'confirmations',
  // ledger.ts
  wallets: 'wallets',
  walletIbans: 'wallets',
  ledgerAccounts: 'ledger',
  ledgerBalances: 'ledger',
  journalEntries: 'ledger',
  postings: 'ledger',
  ledgerHolds: 'ledger',
  dashboardWidgets: 'dashboard',
  // boarding.ts
  boardingAccounts: 'boarding',
  boardingPersons: 'boarding',
  boardingContacts: 'boarding',
  boardingSessions: 'boarding',
  boardingOtps: 'boarding',
  boardingFiles: 'boarding-files',
  boardingComments: 'boarding-files',
  boardingOffers: 'boarding-docs',
  boardingSignatures: 'boarding-docs',
  boardingContracts: 'boarding-docs',
  boardingInvoices: 'boarding-docs',
  boardingMeetings: 'verification',
  verificationSimChecks: '(adapters/verification)',
  // payments.ts
  payments: 'payments',
  paymentEvents: 'payments',
  paymentTemplates: 'payment-templates',
  merchantPaymentMethodSettings: 'payments',
  processingState: '(adapters/processing)',
  notificationMarks: 'notifications',
  // directory.ts, references.ts, survey.ts
  directoryEntries: 'directory',
  referenceValues: 'references',
  currencyTable: 'references',
  surveys: 'survey',
  surveyResponses: 'survey',
  // messages.ts
  supportCases: 'messages',
  messages: 'messages',
  messageAttachments: 'messages',
  notices: 'notices',
  noticeReads: 'notices',
  // postbacks.ts
  postbackOutbox: 'postbacks',
  postbackAttempts: 'postbacks',
  // Holds the postback secret and settings' notification URLs; settings writes through postbacks
  // (settings already calls postbacks, so the other way round would be a cycle).
  companySettings: 'postbacks',
  notificationRuns: 'settings',
  userNotifications: 'settings',
  userNotificationDeliveries: 'settings',
  // virtual-accounts.ts
  vaGroups: 'virtual-accounts',
  vaRequests: 'virtual-accounts',
  vaRequestEvents: 'virtual-accounts',
  virtualAccounts: 'virtual-accounts',
  vaRequestDocuments: 'virtual-accounts',
  // fx.ts
  fxTerms: 'fx',
  fxQuotes: 'fx',
  fxExchanges: 'fx',
  fxEvents: 'fx',
  // onchain.ts
  onchainAddresses: 'onchain',
  onchainTransfers: 'onchain',
  escrowDeals: 'onchain',
  onchainSimTxs: '(adapters/blockchain)',
  onchainSimState: '(adapters/blockchain)',
  // payment-requests.ts, bulk-payouts.ts
  paymentRequests: 'payment-requests',
  paymentRequestPayins: 'payment-requests',
  bulkBatches: 'bulk-payouts',
  bulkBatchRows: 'bulk-payouts',
};
