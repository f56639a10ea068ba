import { defineErrors } from '../errors/define.ts';

/** Refusals of FX (spec §8 wording where it has one; §6 for the right). */
export const fxErrors = defineErrors({
  FX_NOT_PERMITTED: {
    status: 403,
    message: 'Instant FX is not permitted for you. Please contact the Master User.',
  },
  FX_QUOTE_EXPIRED: { status: 417, message: 'Exchange rate expired or timeout, refresh needed.' },
  FX_QUOTE_USED: {
    status: 409,
    message: 'This quote was already used for an exchange. Please refresh the rate.',
  },
  FX_QUOTE_NOT_FOUND: { status: 404, message: 'The quote was not found. Please refresh the rate.' },
  FX_APPROVAL_ERROR: { status: 422, message: 'Exchange created but approval error: {error}' },
  FX_SAME_CURRENCY: { status: 417, message: 'Choose two different currencies to exchange.' },
  FX_PAIR_NOT_OFFERED: {
    status: 417,
    message: 'The currency pair {pair} is not offered for your company.',
  },
  FX_AMOUNT_REQUIRED: { status: 417, message: 'Enter either the sell amount or the buy amount.' },
  FX_BELOW_MIN: { status: 417, message: 'The amount must be at least {min} {currency}.' },
  FX_ABOVE_MAX: { status: 417, message: 'The amount must not be above {max} {currency}.' },
  FX_ABOVE_BALANCE: {
    status: 417,
    message: 'The amount is above the available balance of {available} {currency}.',
  },
  FX_OUTSIDE_WORKING_HOURS: {
    status: 417,
    message: 'Currency exchange NBD/SBD is booked in working hours, Mon-Fri 9:00-18:00 CET.',
  },
  FX_SBD_CUTOFF_PASSED: {
    status: 417,
    message: 'Same-business-day exchange is closed for today. Choose next business day.',
  },
  FX_EXCHANGE_NOT_FOUND: { status: 404, message: 'The exchange was not found.' },
  FX_ACTION_NOT_ALLOWED: {
    status: 417,
    message: 'Action failed: an exchange in status {status} cannot be {action}.',
  },
});
