import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of FX (spec §8 wording where it has one; §6 for the right). */
export const fxErrors = defineErrors({
  FX_NOT_PERMITTED: errorDef(403, 'Instant FX is not permitted for you. Please contact the Master User.'),
  FX_QUOTE_EXPIRED: errorDef(417, 'Exchange rate expired or timeout, refresh needed.'),
  FX_QUOTE_USED: errorDef(409, 'This quote was already used for an exchange. Please refresh the rate.'),
  FX_QUOTE_NOT_FOUND: errorDef(404, 'The quote was not found. Please refresh the rate.'),
  FX_APPROVAL_ERROR: errorDef(422, 'Exchange created but approval error: {error}'),
  FX_SAME_CURRENCY: errorDef(417, 'Choose two different currencies to exchange.'),
  FX_PAIR_NOT_OFFERED: errorDef(417, 'The currency pair {pair} is not offered for your company.'),
  FX_AMOUNT_REQUIRED: errorDef(417, 'Enter either the sell amount or the buy amount.'),
  FX_BELOW_MIN: errorDef(417, 'The amount must be at least {min} {currency}.'),
  FX_ABOVE_MAX: errorDef(417, 'The amount must not be above {max} {currency}.'),
  FX_ABOVE_BALANCE: errorDef(417, 'The amount is above the available balance of {available} {currency}.'),
  FX_OUTSIDE_WORKING_HOURS: errorDef(
    417,
    'Currency exchange NBD/SBD is booked in working hours, Mon-Fri 9:00-18:00 CET.',
  ),
  FX_SBD_CUTOFF_PASSED: errorDef(
    417,
    'Same-business-day exchange is closed for today. Choose next business day.',
  ),
  FX_EXCHANGE_NOT_FOUND: errorDef(404, 'The exchange was not found.'),
  FX_ACTION_NOT_ALLOWED: errorDef(417, 'Action failed: an exchange in status {status} cannot be {action}.'),
});
