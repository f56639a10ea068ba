-- MFA at sign-in is mandatory (spec §6, PSD2); the settings call can no longer switch it off, and
-- no stored user keeps the old "off" value.
UPDATE users SET mfa_login_prompt = true WHERE NOT mfa_login_prompt;
