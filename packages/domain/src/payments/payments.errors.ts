import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of payments, templates, checks and the processing simulator (spec §8 wording where it has one). */
export const paymentErrors = defineErrors({
  NO_RIGHTS_CREATE_PAYOUT: errorDef(403, 'No rights to create Pay-out payments'),
  NO_RIGHTS_APPROVE: errorDef(403, 'No rights to approve payments'),
  NO_RIGHTS_APPROVE_OWN: errorDef(403, 'No rights to approve your own payments'),
  NO_RIGHTS_CANCEL: errorDef(403, 'No rights to cancel payments'),
  NO_RIGHTS_REFUND: errorDef(403, 'No rights to refund payments'),
  PAYMENT_NOT_FOUND: errorDef(404, 'The payment was not found.'),
  PAYMENT_METHOD_NOT_AVAILABLE: errorDef(
    417,
    'The payment method {method} is not available for your company.',
  ),
  PAYMENT_ACTION_NOT_ALLOWED: errorDef(
    417,
    'Action failed: a payment in status {status} cannot be {action}.',
  ),
  PAYMENT_NOT_STOPPABLE: errorDef(
    417,
    'Action failed: the payment was already sent by {method} and can no longer be stopped.',
  ),
  INSUFFICIENT_BALANCE_NOT_APPROVED: errorDef(
    422,
    'Insufficient balance: the payment was created but not approved.',
  ),
  REFUND_ALREADY_DONE: errorDef(417, 'Refund already done for the full amount.'),
  RECALL_ALREADY_EXISTS: errorDef(417, 'Recall already exists for this payment.'),
  DISPUTE_ALREADY_EXISTS: errorDef(417, 'A dispute is already open for this payment.'),
  MASS_ACTION_TOO_MANY: errorDef(417, 'Select at most {max} payments for a mass action.'),
  CONFIRMATION_NOT_FOUND: errorDef(417, 'The confirmation is missing or expired. Please confirm again.'),
  APPROVAL_CONFIRMATION_REQUIRED: errorDef(
    422,
    'Approving needs your password and the code of your authenticator app.',
  ),
  CONFIRMATION_MISMATCH: errorDef(417, 'What you confirmed has changed since. Please confirm it again.'),
  SCA_WRONG_CREDENTIALS: errorDef(
    401,
    'Authentication data is invalid, the action was not performed. Attempts left: {left}.',
  ),
  SCA_CODE_USED: errorDef(
    401,
    'This code was already used. Please wait for the next code of your authenticator app.',
  ),
  SCA_BLOCKED: errorDef(403, 'Too many wrong codes. Confirmations are blocked for {minutes} minutes.'),
  MFA_NOT_SET_UP: errorDef(403, 'MFA is required'),
  TEMPLATE_NAME_TAKEN: errorDef(417, 'A template with this name already exists.'),
  TEMPLATE_NOT_FOUND: errorDef(404, 'The template was not found.'),
  TEMPLATE_NOT_OWN: errorDef(403, 'Only the owner can change this template.'),
  INTERMEDIARY_BIC_UNKNOWN: errorDef(
    422,
    'The intermediary bank SWIFT code {bic} is not in our directory. Please contact your manager.',
  ),
});
