/** Passwords leave the browser only as SHA-512 hex digests (spec §7); the function lives in shared. */
export { sha512Hex } from '../../shared/security/password-digest.ts';
