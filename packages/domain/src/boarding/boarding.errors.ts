import { defineErrors } from '../errors/define.ts';

/**
 * Boarding errors (spec §8 wording where it gives one). The form codes keep the spec's own
 * spelling (noPrincipal, noBasis, noVerification, formBlocked).
 */
export const boardingErrors = defineErrors({
  BOARDING_LINK_INVALID: {
    status: 404,
    message: 'Link you are trying to visit is incorrect, please use the link from your email.',
  },
  BOARDING_FINISHED: { status: 403, message: 'Access is blocked due to finished Boarding process.' },
  BOARDING_PASSWORD_SET: { status: 409, message: 'The password is already set. Please log in.' },
  BOARDING_PASSWORD_NOT_SET: {
    status: 401,
    message: 'Set your password first using the link from your email.',
  },
  BOARDING_LOGIN_FAILED: {
    status: 401,
    message: 'Authentication data is invalid, the action was not performed.',
  },
  BOARDING_LOGIN_BLOCKED: {
    status: 403,
    message: 'Login is blocked for {minutes} minutes after too many attempts.',
  },
  OTP_INVALID: { status: 401, message: 'The code is wrong or has expired.' },
  OTP_BLOCKED: { status: 403, message: 'Too many wrong codes. Request a new code.' },
  ROLE_NOT_AVAILABLE: { status: 403, message: "You don't have access to this section." },
  formBlocked: { status: 423, message: 'The form is being edited by another role until {until}.' },
  noChanges: { status: 417, message: 'There are no changes to save.' },
  duplicatePerson: { status: 417, message: 'A person with the same first and last name already exists.' },
  noPrincipal: { status: 417, message: 'Define the principal authorized signatory.' },
  noBasis: { status: 417, message: 'The basis of power of the authorized signatory is not verified.' },
  noVerification: { status: 417, message: 'ID and facial verification of related persons is not completed.' },
  formsNotSigned: { status: 417, message: 'The application forms are not signed.' },
  dataMismatch: {
    status: 417,
    message: 'The data of a related person does not match the application forms.',
  },
  noPrincipalLr: { status: 417, message: 'Define the principal legal representative.' },
  PERSON_FROZEN: { status: 417, message: 'Verified person data cannot be changed: {fields}.' },
  PRINCIPAL_NOT_DELETABLE: { status: 403, message: 'The principal person cannot be deleted by your role.' },
  FORMS_INCOMPLETE: { status: 417, message: 'The application forms are not complete.' },
  BOARDING_STATE: { status: 409, message: 'This action is not possible now: {reason}.' },
  FILE_TYPE_REQUIRED: { status: 417, message: 'Choose the file type first.' },
  FILE_NAME_INVALID: {
    status: 417,
    message: "The file name may contain only letters, digits, spaces and ()!*.'_-& characters.",
  },
  FILE_EXTENSION_INVALID: { status: 417, message: 'Only .pdf and .csv files can be uploaded.' },
  FILE_CONTENT_INVALID: { status: 417, message: 'The file content is not a valid {ext} file.' },
  FILE_TOO_LARGE: { status: 417, message: 'The file is larger than {maxMb} MB.' },
  FILE_TOTAL_TOO_LARGE: { status: 417, message: 'The total size of files cannot exceed {maxMb} MB.' },
  FILE_COUNT_EXCEEDED: { status: 417, message: 'No more than {max} files can be uploaded.' },
  FILE_UPLOAD_ERROR: { status: 417, message: 'File upload error: send one file as multipart form data.' },
  FILE_EXPIRED: {
    status: 409,
    message: 'The file has expired (files expire after three months); upload it again.',
  },
  FILE_STATUS: { status: 409, message: 'The file cannot go from {from} to {to}.' },
  SIGNATURE_INVALID: { status: 417, message: 'Signature required: draw your signature.' },
  VERIFICATION_MISMATCH: {
    status: 417,
    message: 'The data you entered does not match the application forms.',
  },
  VERIFICATION_ERROR: { status: 424, message: 'Verification failed. Please try again later.' },
  VERIFICATION_AML: { status: 409, message: 'AML screening failed' },
  CONTACT_EMAIL_TAKEN: {
    status: 417,
    message: 'This email is already used by another contact or related person.',
  },
  CONTACT_FROM_FORMS: {
    status: 409,
    message: 'This contact is a related person: change it in the application forms.',
  },
  CONTACTS_MISSING_TYPES: {
    status: 417,
    message: 'A contact is needed for each notification type: {types}.',
  },
  GO_LIVE_NOT_READY: { status: 409, message: 'Go-live needs every checklist item done; missing: {items}.' },
});
