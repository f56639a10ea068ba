import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of the virtual-accounts area; the first eight are spec §8's VA errors. */
export const virtualAccountErrors = defineErrors({
  VA_NO_FREE_GROUPS: errorDef(409, 'No free VA groups'),
  VA_NO_GROUPS: errorDef(409, 'No VA groups for the company'),
  VA_MISSING_COMPANY_UUID: errorDef(417, 'Missing company UUID'),
  VA_BANKING_DETAILS_SYNCING: errorDef(
    423,
    'Banking details are syncing, please retry in a couple of minutes',
  ),
  VA_REGISTRANT_DATA_NOT_IMPORTED: errorDef(409, 'Registrant data is not imported'),
  VA_ACCOUNT_HOLDER_DATA_ABSENT: errorDef(417, 'Required account holder data is absent: {field}'),
  VA_CUSTOMER_ACCOUNTS_NOT_ALLOWED: errorDef(
    409,
    'Customer accounts are not allowed on selection of client accounts',
  ),
  /** Not a refusal: the VA is created and the request carries this warning (spec §8). */
  VA_COMPLIANCE_CHECK_FAILED: errorDef(
    409,
    'Compliance check failed; the virtual account was created with a warning',
  ),
  VA_NOT_FOUND: errorDef(404, 'The virtual account was not found.'),
  VA_REQUEST_NOT_FOUND: errorDef(404, 'The virtual account request was not found.'),
  VA_GROUP_NOT_FOUND: errorDef(404, 'The VA group was not found.'),
  VA_CLOSED: errorDef(409, 'The virtual account is closed; closing is irreversible.'),
  VA_ACTION_NOT_ALLOWED: errorDef(409, 'The virtual account is {status}; it cannot be {action}.'),
  VA_REASON_NOT_ALLOWED: errorDef(417, 'Reason {reason} does not fit this action.'),
  VA_REQUEST_NOT_OPEN: errorDef(409, 'The request is {status} and can no longer be changed.'),
  VA_DECLINE_REASON_REQUIRED: errorDef(417, 'Give the reason for declining the request.'),
  NO_RIGHTS_VA_INDIVIDUAL: errorDef(403, 'No rights to request individual virtual accounts'),
  NO_RIGHTS_VA_CORPORATE: errorDef(403, 'No rights to request corporate virtual accounts'),
  VA_GROUP_RANGE_INVALID: errorDef(417, 'The range of the VA group is not valid ({problem}).'),
  VA_GROUP_RANGE_OVERLAP: errorDef(409, 'The range overlaps VA group {group}.'),
  VA_DOCUMENT_NOT_FOUND: errorDef(
    417,
    'The attached document is no longer available; attach the file again.',
  ),
  VA_WALLET_NOT_ACTIVE: errorDef(409, 'Virtual accounts can be requested only for an active account.'),
});
