import { defineErrors } from '../errors/define.ts';

/** Refusals of payments, templates, checks and the processing simulator (spec §8 wording where it has one). */
export const paymentErrors = defineErrors({
  NO_RIGHTS_CREATE_PAYOUT: { status: 403, message: 'No rights to create Pay-out payments' },
  NO_RIGHTS_APPROVE: { status: 403, message: 'No rights to approve payments' },
  NO_RIGHTS_APPROVE_OWN: { status: 403, message: 'No rights to approve your own payments' },
  NO_RIGHTS_CANCEL: { status: 403, message: 'No rights to cancel payments' },
  NO_RIGHTS_REFUND: { status: 403, message: 'No rights to refund payments' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'The payment was not found.' },
  PAYMENT_METHOD_NOT_AVAILABLE: {
    status: 417,
    message: 'The payment method {method} is not available for your company.',
  },
  PAYMENT_ACTION_NOT_ALLOWED: {
    status: 417,
    message: 'Action failed: a payment in status {status} cannot be {action}.',
  },
  PAYMENT_NOT_STOPPABLE: {
    status: 417,
    message: 'Action failed: the payment was already sent by {method} and can no longer be stopped.',
  },
  INSUFFICIENT_BALANCE_NOT_APPROVED: {
    status: 422,
    message: 'Insufficient balance: the payment was created but not approved.',
  },
  REFUND_ALREADY_DONE: { status: 417, message: 'Refund already done for the full amount.' },
  RECALL_ALREADY_EXISTS: { status: 417, message: 'Recall already exists for this payment.' },
  DISPUTE_ALREADY_EXISTS: { status: 417, message: 'A dispute is already open for this payment.' },
  MASS_ACTION_TOO_MANY: { status: 417, message: 'Select at most {max} payments for a mass action.' },
  CONFIRMATION_NOT_FOUND: {
    status: 417,
    message: 'The confirmation is missing or expired. Please confirm again.',
  },
  APPROVAL_CONFIRMATION_REQUIRED: {
    status: 422,
    message: 'Approving needs your password and the code of your authenticator app.',
  },
  CONFIRMATION_MISMATCH: {
    status: 417,
    message: 'What you confirmed has changed since. Please confirm it again.',
  },
  SCA_WRONG_CREDENTIALS: {
    status: 401,
    message: 'Authentication data is invalid, the action was not performed. Attempts left: {left}.',
  },
  SCA_CODE_USED: {
    status: 401,
    message: 'This code was already used. Please wait for the next code of your authenticator app.',
  },
  SCA_BLOCKED: {
    status: 403,
    message: 'Too many wrong codes. Confirmations are blocked for {minutes} minutes.',
  },
  MFA_NOT_SET_UP: { status: 403, message: 'MFA is required' },
  TEMPLATE_NAME_TAKEN: { status: 417, message: 'A template with this name already exists.' },
  TEMPLATE_NOT_FOUND: { status: 404, message: 'The template was not found.' },
  TEMPLATE_NOT_OWN: { status: 403, message: 'Only the owner can change this template.' },
  INTERMEDIARY_BIC_UNKNOWN: {
    status: 422,
    message: 'The intermediary bank SWIFT code {bic} is not in our directory. Please contact your manager.',
  },
});
