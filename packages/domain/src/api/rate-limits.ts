/**
 * Calls anyone can make without a session, limited per client IP and window so passwords,
 * one-time codes and link tokens cannot be guessed at speed (lockout after 5 wrong answers
 * protects each account; this protects the service). Keyed by `METHOD path` of the route table.
 */
export const RATE_LIMITS: Record<string, { max: number; windowSeconds: number }> = {
  'POST /frusrs/tkn': { max: 30, windowSeconds: 60 },
  'POST /frusrs/renewp/:token': { max: 10, windowSeconds: 60 },
  'POST /frusrs/slfrgn/:code': { max: 10, windowSeconds: 60 },
  'GET /frusrs/change_email/:token': { max: 20, windowSeconds: 60 },
  'GET /user_invitations/renewprequest/:id': { max: 5, windowSeconds: 300 },
  'GET /user_invitations/resetmfarequest/:id': { max: 5, windowSeconds: 300 },
  // A resent invitation mails a new one-time code: limited like the other code mails.
  'POST /user_invitations/resend/:id': { max: 5, windowSeconds: 300 },
  'POST /crm_accounts/lgn/:uuid/:role': { max: 20, windowSeconds: 60 },
  'POST /crm_accounts/set_pss/:uuid/:role': { max: 10, windowSeconds: 60 },
  // Several related persons of one applicant may verify from one office address.
  'POST /security/gen_otp/:type': { max: 20, windowSeconds: 60 },
  'POST /security/otp_tkn/:kind': { max: 20, windowSeconds: 60 },
  // The hosted payment page of a payment request: a customer reloads it, nobody guesses tokens at speed.
  'GET /pay/:token': { max: 60, windowSeconds: 60 },
  'POST /pay/:token/simulate': { max: 10, windowSeconds: 60 },
};
