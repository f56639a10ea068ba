/** Users, groups, rights, invitations, tokens and service types (spec §1, §3, §4, §6). */

/** Client-side user kinds (spec §1, §3: invitation type master or standard). */
export const CLIENT_USER_KINDS = ['master', 'standard'] as const;
export type ClientUserKind = (typeof CLIENT_USER_KINDS)[number];

/** Provider staff groups (spec §3, §6). CSM is the account manager. */
export const ADMIN_GROUPS = ['admin', 'CSM', 'FIN_OPS_EXTRA'] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

/** Other spellings of the admin groups met in the spec (§6), mapped to the canonical name. */
export const ADMIN_GROUP_ALIASES = {
  Admins: 'admin',
  CRM_AM_: 'CSM',
  FinOpsExtra: 'FIN_OPS_EXTRA',
} as const satisfies Record<string, AdminGroup>;

/**
 * Client user rights (spec §3, §6) in the order the invitation form lists them. `approveOwn`
 * lets a user approve payments they created themselves.
 */
export const CLIENT_USER_RIGHTS = [
  'create',
  'approve',
  'approveOwn',
  'cancel',
  'refund',
  'instantFx',
  'vaIndividual',
  'vaCorporate',
  'onchainTransfer',
] as const;
export type ClientUserRight = (typeof CLIENT_USER_RIGHTS)[number];

/** English labels of the rights as the invitation form names them (spec §3). */
export const CLIENT_USER_RIGHT_LABELS = {
  create: 'Create payments',
  approve: 'Approve payments',
  approveOwn: 'Approve own payments',
  cancel: 'Cancel payments',
  refund: 'Refund payments',
  instantFx: 'Instant FX',
  vaIndividual: 'Individual VA request',
  vaCorporate: 'Corporate VA request',
  onchainTransfer: 'Onchain transfer',
} as const satisfies Record<ClientUserRight, string>;

/** User invitation status (spec §4). */
export const INVITATION_STATUSES = [
  'invited',
  'registered',
  'expired',
  'canceled',
  'activated',
  'deactivated',
  'blocked',
  'passwordResetRequest',
  'mfaResetRequest',
] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Actions on an invitation or invited user (spec §4). */
export const INVITATION_ACTIONS = [
  'cancelInvite',
  'resend',
  'prolongate',
  'resetPassword',
  'resetMfaSecret',
  'deactivateUser',
] as const;
export type InvitationAction = (typeof INVITATION_ACTIONS)[number];

/** Status of the inviting user (spec §4). */
export const INVITER_STATUSES = ['deactivated', 'activated', 'registered', 'blocked'] as const;
export type InviterStatus = (typeof INVITER_STATUSES)[number];

/** User types of a contact (spec §3). */
export const USER_TYPES = ['client', 'customer', 'technical'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Contact roles (spec §3). */
export const CONTACT_ROLES = ['holder', 'registrant', 'anyone'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

/** Issue types a contact can be notified about (spec §3 `notify_on_*` flags). */
export const CONTACT_ISSUE_TYPES = ['technical', 'financial', 'compliance', 'online_banking'] as const;
export type ContactIssueType = (typeof CONTACT_ISSUE_TYPES)[number];

/**
 * Confirmation token types (spec §3): `link` and `secret` are boarding tokens; `mfa`, `otp`
 * and `password` confirm portal actions.
 */
export const CONFIRMATION_TOKEN_TYPES = ['link', 'secret', 'mfa', 'otp', 'password'] as const;
export type ConfirmationTokenType = (typeof CONFIRMATION_TOKEN_TYPES)[number];

/** The boarding subset of the confirmation token types. */
export const BOARDING_TOKEN_TYPES = ['link', 'secret'] as const satisfies readonly ConfirmationTokenType[];

/** OTP token purposes (spec §7 `/security/otp_tkn/{purpose}`). */
export const OTP_PURPOSES = ['initial_verification', 'boarding_verification'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** Service types (spec §1): payment accounts for clients, and acquiring for merchants. */
export const SERVICE_TYPES = ['AccountService', 'MerchantService'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Notification scopes (spec §6): account service or merchant service. */
export const NOTIFICATION_SCOPES = {
  accountService: 'AccountService',
  merchantService: 'MerchantService',
} as const satisfies Record<string, ServiceType>;
export type NotificationScope = keyof typeof NOTIFICATION_SCOPES;

/** Account manager link status (spec §3). */
export const AM_LINK_STATUSES = ['active', 'deleted'] as const;
export type AmLinkStatus = (typeof AM_LINK_STATUSES)[number];

/** Session states (spec §4). */
export const SESSION_STATES = ['loggedIn', 'justLoggedIn', 'loggedOut'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

/** UI themes (spec §9); dark is the default. */
export const UI_THEMES = ['light', 'dark'] as const;
export type UiTheme = (typeof UI_THEMES)[number];
export const DEFAULT_UI_THEME = 'dark' satisfies UiTheme;

/** Locales with translation files (spec §9); en-gb is the default. */
export const UI_LOCALES = ['en-gb', 'ru'] as const;
export type UiLocale = (typeof UI_LOCALES)[number];
export const DEFAULT_UI_LOCALE = 'en-gb' satisfies UiLocale;
export const DEFAULT_UI_LANGUAGE = 'en';

/** Password policy counts sent with every password set or change (spec §7). */
export const PASSWORD_POLICY_FIELDS = ['length', 'alpha_capitals', 'numbers', 'special_chars'] as const;
export type PasswordPolicyField = (typeof PASSWORD_POLICY_FIELDS)[number];
