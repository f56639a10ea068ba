import { defineErrors, errorDef } from '../errors/define.ts';

/**
 * Boarding errors (spec §8 wording where it gives one). The form codes keep the spec's own
 * spelling (noPrincipal, noBasis, noVerification, formBlocked).
 */
export const boardingErrors = defineErrors({
  BOARDING_LINK_INVALID: errorDef(
    404,
    'Link you are trying to visit is incorrect, please use the link from your email.',
  ),
  BOARDING_FINISHED: errorDef(403, 'Access is blocked due to finished Boarding process.'),
  BOARDING_PASSWORD_SET: errorDef(409, 'The password is already set. Please log in.'),
  BOARDING_PASSWORD_NOT_SET: errorDef(401, 'Set your password first using the link from your email.'),
  BOARDING_LOGIN_FAILED: errorDef(401, 'Authentication data is invalid, the action was not performed.'),
  BOARDING_LOGIN_BLOCKED: errorDef(403, 'Login is blocked for {minutes} minutes after too many attempts.'),
  OTP_INVALID: errorDef(401, 'The code is wrong or has expired.'),
  OTP_BLOCKED: errorDef(403, 'Too many wrong codes. Request a new code.'),
  ROLE_NOT_AVAILABLE: errorDef(403, "You don't have access to this section."),
  formBlocked: errorDef(423, 'The form is being edited by another role until {until}.'),
  noChanges: errorDef(417, 'There are no changes to save.'),
  duplicatePerson: errorDef(417, 'A person with the same first and last name already exists.'),
  noPrincipal: errorDef(417, 'Define the principal authorized signatory.'),
  noBasis: errorDef(417, 'The basis of power of the authorized signatory is not verified.'),
  noVerification: errorDef(417, 'ID and facial verification of related persons is not completed.'),
  formsNotSigned: errorDef(417, 'The application forms are not signed.'),
  dataMismatch: errorDef(417, 'The data of a related person does not match the application forms.'),
  noPrincipalLr: errorDef(417, 'Define the principal legal representative.'),
  PERSON_FROZEN: errorDef(417, 'Verified person data cannot be changed: {fields}.'),
  PRINCIPAL_NOT_DELETABLE: errorDef(403, 'The principal person cannot be deleted by your role.'),
  FORMS_INCOMPLETE: errorDef(417, 'The application forms are not complete.'),
  BOARDING_STATE: errorDef(409, 'This action is not possible now: {reason}.'),
  FILE_TYPE_REQUIRED: errorDef(417, 'Choose the file type first.'),
  FILE_NAME_INVALID: errorDef(
    417,
    "The file name may contain only letters, digits, spaces and ()!*.'_-& characters.",
  ),
  FILE_EXTENSION_INVALID: errorDef(417, 'Only .pdf and .csv files can be uploaded.'),
  FILE_CONTENT_INVALID: errorDef(417, 'The file content is not a valid {ext} file.'),
  FILE_TOO_LARGE: errorDef(417, 'The file is larger than {maxMb} MB.'),
  FILE_TOTAL_TOO_LARGE: errorDef(417, 'The total size of files cannot exceed {maxMb} MB.'),
  FILE_COUNT_EXCEEDED: errorDef(417, 'No more than {max} files can be uploaded.'),
  FILE_UPLOAD_ERROR: errorDef(417, 'File upload error: send one file as multipart form data.'),
  FILE_EXPIRED: errorDef(409, 'The file has expired (files expire after three months); upload it again.'),
  FILE_STATUS: errorDef(409, 'The file cannot go from {from} to {to}.'),
  SIGNATURE_INVALID: errorDef(417, 'Signature required: draw your signature.'),
  VERIFICATION_MISMATCH: errorDef(417, 'The data you entered does not match the application forms.'),
  VERIFICATION_ERROR: errorDef(424, 'Verification failed. Please try again later.'),
  VERIFICATION_AML: errorDef(409, 'AML screening failed'),
  CONTACT_EMAIL_TAKEN: errorDef(417, 'This email is already used by another contact or related person.'),
  CONTACT_FROM_FORMS: errorDef(409, 'This contact is a related person: change it in the application forms.'),
  CONTACTS_MISSING_TYPES: errorDef(417, 'A contact is needed for each notification type: {types}.'),
  GO_LIVE_NOT_READY: errorDef(409, 'Go-live needs every checklist item done; missing: {items}.'),
});
