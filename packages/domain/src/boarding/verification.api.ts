import { z } from 'zod';
import { defineRoute, ok } from '../api/route.ts';
import { MEETING_ACCEPT_STATUSES, MEETING_INVITEE_TYPES, VERIFICATION_STATUSES } from '../enums/boarding.ts';
import { isoDate } from './text-rules.ts';
import { signatureInputSchema, signatureViewSchema } from './views.ts';

/** The related person's verification page and meetings (spec §2). */
const tag = 'verification';

export const meetingViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  accept_status: z.enum(MEETING_ACCEPT_STATUSES).nullable(),
});

const verificationState = z.object({
  verification_status: z.enum(VERIFICATION_STATUSES),
  /** 'AML screening failed' for DECLINED_AML, otherwise null. */
  message: z.string().nullable(),
});

export const verificationRoutes = {
  verificationMe: defineRoute({
    method: 'GET',
    path: '/verification/me',
    tag,
    auth: 'verification',
    errors: ['BOARDING_LINK_INVALID'],
    summary: 'The related person of the verification link and what is left for them',
    response: ok({
      account_name: z.string(),
      person: z.object({
        first_name: z.string(),
        last_name: z.string(),
        is_as: z.boolean(),
        is_lr: z.boolean(),
        is_bo: z.boolean(),
      }),
      passport_checked: z.boolean(),
      questionnaire_required: z.boolean(),
      questionnaire_signed: z.boolean(),
      meetings: z.array(meetingViewSchema),
      ...verificationState.shape,
    }),
  }),
  verificationPassport: defineRoute({
    method: 'POST',
    path: '/verification/passport',
    tag,
    auth: 'verification',
    errors: ['BOARDING_LINK_INVALID', 'VERIFICATION_MISMATCH'],
    summary: 'Passport data check against the forms (names, birth date, email, document; case-insensitive)',
    body: z.object({
      first_name: z.string().trim().min(1).max(100),
      last_name: z.string().trim().min(1).max(100),
      birth_date: isoDate,
      email: z.string().trim().max(200),
      document_number: z.string().trim().min(1).max(50),
    }),
    response: ok({ passport_checked: z.literal(true) }),
  }),
  verificationStart: defineRoute({
    method: 'POST',
    path: '/verification/start',
    tag,
    auth: 'verification',
    errors: ['BOARDING_LINK_INVALID', 'BOARDING_STATE', 'VERIFICATION_AML', 'VERIFICATION_ERROR'],
    summary: 'Start (or start again) ID and facial verification; answers the hosted check page',
    response: ok({ reference: z.string(), hosted_url: z.string(), ...verificationState.shape }),
  }),
  verificationResult: defineRoute({
    method: 'GET',
    path: '/verification/result',
    tag,
    auth: 'verification',
    errors: ['BOARDING_LINK_INVALID', 'NOT_FOUND', 'VERIFICATION_ERROR'],
    summary: 'Recheck the verification status with the provider',
    response: ok(verificationState.shape),
  }),
  questionnaireSign: defineRoute({
    method: 'POST',
    path: '/verification/questionnaire/sign',
    tag,
    auth: 'verification',
    errors: [
      'BOARDING_FINISHED',
      'BOARDING_LINK_INVALID',
      'BOARDING_STATE',
      'FORBIDDEN',
      'NOT_FOUND',
      'SIGNATURE_INVALID',
      'noVerification',
    ],
    summary: 'A beneficial owner signs their personal questionnaire (after verification)',
    body: signatureInputSchema,
    response: ok({ signature: signatureViewSchema }),
  }),
  meetingGet: defineRoute({
    method: 'GET',
    path: '/meetings/:record',
    tag,
    auth: 'public',
    errors: ['NOT_FOUND'],
    summary: 'A meeting invitation (link from the email)',
    params: z.object({ record: z.uuid() }),
    query: z.object({ invitee_id: z.uuid() }),
    response: ok({ meeting: meetingViewSchema }),
  }),
  meetingRespond: defineRoute({
    method: 'POST',
    path: '/meetings/:record/respond',
    tag,
    auth: 'public',
    errors: ['NOT_FOUND'],
    summary: 'Accept, tentatively accept or decline a meeting',
    params: z.object({ record: z.uuid() }),
    body: z.object({
      invitee_type: z.enum(MEETING_INVITEE_TYPES),
      invitee_id: z.uuid(),
      accept_status: z.enum(MEETING_ACCEPT_STATUSES),
    }),
    response: ok({ meeting: meetingViewSchema }),
  }),
  verificationSimulator: defineRoute({
    method: 'GET',
    path: '/verification-sim/:reference',
    tag,
    auth: 'public',
    raw: true,
    summary: 'Hosted check page of the built-in verification simulator',
    params: z.object({ reference: z.string().max(80) }),
    response: z.unknown(),
  }),
};
