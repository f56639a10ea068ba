import { defineErrors } from '../errors/define.ts';

/** Refusals of the MerchantService pay-in terminal (payment requests and their hosted page). */
export const paymentRequestErrors = defineErrors({
  MERCHANT_SERVICE_ONLY: {
    status: 403,
    message:
      'This function is for MerchantService companies only. Switch to a MerchantService company to use the terminals.',
  },
  PAYMENT_REQUEST_NOT_FOUND: { status: 404, message: 'The payment request was not found.' },
  /** Spec §2 wording for a bad link. */
  PAYMENT_LINK_INVALID: {
    status: 404,
    message: 'Link you are trying to visit is incorrect, please use the link from your email.',
  },
  PAYMENT_REQUEST_ACTION_NOT_ALLOWED: {
    status: 417,
    message: 'Action failed: a payment request in status {status} cannot be {action}.',
  },
  PAYMENT_REQUEST_EXPIRY_INVALID: {
    status: 417,
    message: 'The expiry must be in the future and at most {days} days ahead.',
  },
  PAYMENT_REQUEST_NO_WALLET: {
    status: 417,
    message: 'Your company has no active {currency} account to collect the payment into.',
  },
  PAYMENT_REQUEST_VA_NOT_FOUND: {
    status: 404,
    message: "The virtual account was not found among your company's virtual accounts.",
  },
  PAYMENT_REQUEST_VA_NOT_ACTIVE: {
    status: 417,
    message: 'The virtual account {number} is {status}: only an active virtual account can receive payments.',
  },
  PAYMENT_REQUEST_VA_CURRENCY: {
    status: 417,
    message: 'The virtual account {number} does not receive {currency}: its account holds no {currency}.',
  },
  PAYMENT_REQUEST_NOTHING_TO_REFUND: {
    status: 417,
    message: 'Nothing was paid on this request, so there is nothing to refund.',
  },
  PAYMENT_REQUEST_PAYIN_NOT_MATCHABLE: {
    status: 417,
    message: 'This pay-in cannot be matched: it is already matched, not settled or in another currency.',
  },
  PAYMENT_REQUEST_SIMULATOR_OFF: {
    status: 403,
    message: 'Paying by the simulator is switched off on this installation.',
  },
});
