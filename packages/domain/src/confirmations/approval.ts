import { z } from 'zod';
import { passwordDigestSchema } from '../identity/password-policy.ts';
import { decimalSchema, secretCodeSchema } from '../payments/payments.schemas.ts';

/**
 * Approval is strong customer authentication (PSD2 dynamic linking): the approver confirms the
 * exact items — each amount, currency, payee and account — and, for several at once, the set and
 * its total per currency. Pay-outs, exchanges and on-chain transfers share these shapes.
 */
export const approvalProofSchema = z.object({
  challenge_id: z.uuid(),
  password: passwordDigestSchema,
  secret_code: secretCodeSchema,
});
export type ApprovalProofBody = z.infer<typeof approvalProofSchema>;

export const approvalItemSchema = z.object({
  id: z.string(),
  amount: decimalSchema,
  currency: z.string(),
  payee: z.string(),
  account: z.string(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

export const approvalConfirmationSchema = z.object({
  challenge_id: z.uuid(),
  expires_at: z.string(),
  items: z.array(approvalItemSchema),
  totals: z.array(z.object({ currency: z.string(), amount: decimalSchema })),
});
export type ApprovalConfirmation = z.infer<typeof approvalConfirmationSchema>;
