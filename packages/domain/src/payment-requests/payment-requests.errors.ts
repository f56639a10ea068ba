import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of the MerchantService pay-in terminal (payment requests and their hosted page). */
export const paymentRequestErrors = defineErrors({
  MERCHANT_SERVICE_ONLY: errorDef(
    403,
    'This function is for MerchantService companies only. Switch to a MerchantService company to use the terminals.',
  ),
  PAYMENT_REQUEST_NOT_FOUND: errorDef(404, 'The payment request was not found.'),
  /** Spec §2 wording for a bad link. */
  PAYMENT_LINK_INVALID: errorDef(
    404,
    'Link you are trying to visit is incorrect, please use the link from your email.',
  ),
  PAYMENT_REQUEST_ACTION_NOT_ALLOWED: errorDef(
    417,
    'Action failed: a payment request in status {status} cannot be {action}.',
  ),
  PAYMENT_REQUEST_EXPIRY_INVALID: errorDef(
    417,
    'The expiry must be in the future and at most {days} days ahead.',
  ),
  PAYMENT_REQUEST_NO_WALLET: errorDef(
    417,
    'Your company has no active {currency} account to collect the payment into.',
  ),
  PAYMENT_REQUEST_VA_NOT_FOUND: errorDef(
    404,
    "The virtual account was not found among your company's virtual accounts.",
  ),
  PAYMENT_REQUEST_VA_NOT_ACTIVE: errorDef(
    417,
    'The virtual account {number} is {status}: only an active virtual account can receive payments.',
  ),
  PAYMENT_REQUEST_VA_CURRENCY: errorDef(
    417,
    'The virtual account {number} does not receive {currency}: its account holds no {currency}.',
  ),
  PAYMENT_REQUEST_NOTHING_TO_REFUND: errorDef(
    417,
    'Nothing was paid on this request, so there is nothing to refund.',
  ),
  PAYMENT_REQUEST_PAYIN_NOT_MATCHABLE: errorDef(
    417,
    'This pay-in cannot be matched: it is already matched, not settled or in another currency.',
  ),
  PAYMENT_REQUEST_SIM_AMOUNT: errorDef(
    417,
    'The simulated bank transfer pays exactly the amount due: {amount} {currency}.',
  ),
  PAYMENT_REQUEST_NOT_PAYABLE: errorDef(417, 'This payment request is {status}: it can no longer be paid.'),
  PAYMENT_REQUEST_SIMULATOR_OFF: errorDef(
    403,
    'Paying by the simulator is switched off on this installation.',
  ),
});
