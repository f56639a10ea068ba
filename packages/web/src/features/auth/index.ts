/** What other features may use of this one; everything else in the folder is its own. */
export { NewPasswordInputs } from './components/new-password-inputs.tsx';
export { newPasswordFields, refineNewPassword } from './forms/new-password-schema.ts';
