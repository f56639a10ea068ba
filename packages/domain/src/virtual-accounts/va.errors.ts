import { defineErrors } from '../errors/define.ts';

/** Refusals of the virtual-accounts area; the first eight are spec §8's VA errors. */
export const virtualAccountErrors = defineErrors({
  VA_NO_FREE_GROUPS: { status: 409, message: 'No free VA groups' },
  VA_NO_GROUPS: { status: 409, message: 'No VA groups for the company' },
  VA_MISSING_COMPANY_UUID: { status: 417, message: 'Missing company UUID' },
  VA_BANKING_DETAILS_SYNCING: {
    status: 423,
    message: 'Banking details are syncing, please retry in a couple of minutes',
  },
  VA_REGISTRANT_DATA_NOT_IMPORTED: { status: 409, message: 'Registrant data is not imported' },
  VA_ACCOUNT_HOLDER_DATA_ABSENT: { status: 417, message: 'Required account holder data is absent: {field}' },
  VA_CUSTOMER_ACCOUNTS_NOT_ALLOWED: {
    status: 409,
    message: 'Customer accounts are not allowed on selection of client accounts',
  },
  /** Not a refusal: the VA is created and the request carries this warning (spec §8). */
  VA_COMPLIANCE_CHECK_FAILED: {
    status: 409,
    message: 'Compliance check failed; the virtual account was created with a warning',
  },
  VA_NOT_FOUND: { status: 404, message: 'The virtual account was not found.' },
  VA_REQUEST_NOT_FOUND: { status: 404, message: 'The virtual account request was not found.' },
  VA_GROUP_NOT_FOUND: { status: 404, message: 'The VA group was not found.' },
  VA_CLOSED: { status: 409, message: 'The virtual account is closed; closing is irreversible.' },
  VA_ACTION_NOT_ALLOWED: { status: 409, message: 'The virtual account is {status}; it cannot be {action}.' },
  VA_REASON_NOT_ALLOWED: { status: 417, message: 'Reason {reason} does not fit this action.' },
  VA_REQUEST_NOT_OPEN: { status: 409, message: 'The request is {status} and can no longer be changed.' },
  VA_DECLINE_REASON_REQUIRED: { status: 417, message: 'Give the reason for declining the request.' },
  NO_RIGHTS_VA_INDIVIDUAL: { status: 403, message: 'No rights to request individual virtual accounts' },
  NO_RIGHTS_VA_CORPORATE: { status: 403, message: 'No rights to request corporate virtual accounts' },
  VA_GROUP_RANGE_INVALID: { status: 417, message: 'The range of the VA group is not valid ({problem}).' },
  VA_GROUP_RANGE_OVERLAP: { status: 409, message: 'The range overlaps VA group {group}.' },
  VA_DOCUMENT_NOT_FOUND: {
    status: 417,
    message: 'The attached document is no longer available; attach the file again.',
  },
  VA_WALLET_NOT_ACTIVE: {
    status: 409,
    message: 'Virtual accounts can be requested only for an active account.',
  },
});
