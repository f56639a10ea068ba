import { defineErrors, errorDef } from '../errors/define.ts';

/** Company settings, IP white list, postback URLs and delivery (issue 9; docs/decisions.md). */
export const settingsErrors = defineErrors({
  IP_WHITELIST_INVALID: errorDef(
    417,
    'Check the IP white list: {count} entries are not valid IPv4/IPv6 addresses or CIDR ranges, or repeat another entry.',
  ),
  IP_WHITELIST_TOO_LONG: errorDef(417, 'The IP white list holds at most {max} entries.'),
  IP_WHITELIST_ALLOWS_ALL: errorDef(
    409,
    'The range {range} lets every address in, so the list protects nothing. Confirm to save it anyway.',
  ),
  IP_WHITELIST_LOCKOUT: errorDef(
    409,
    'Your current address {ip} is not in the new list: after saving you and your users at this address lose access. Confirm to save it anyway.',
  ),
  IP_NOT_WHITELISTED: errorDef(
    403,
    "Access from your address {ip} is not allowed by your company's IP white list. Ask your Master User to add it.",
  ),
  URL_INVALID: errorDef(417, 'The URL is not valid: use the format https://example.com/path.'),
  URL_TOO_LONG: errorDef(417, 'The URL is longer than {max} characters.'),
  URL_NOT_HTTPS: errorDef(417, 'A secure URL must be https.'),
  URL_HAS_CREDENTIALS: errorDef(417, 'The URL must not contain a user name or password.'),
  URL_FORBIDDEN_HOST: errorDef(
    417,
    'The URL points to a loopback, private, link-local or metadata address; postbacks cannot go there.',
  ),
  URL_UNRESOLVABLE: errorDef(417, 'The host of the URL does not resolve to an address.'),
  POSTBACK_EVENT_NOT_FOUND: errorDef(404, 'The postback event was not found.'),
  POSTBACK_URL_NOT_SET: errorDef(417, 'No postback URL is set for the type {type}.'),
});
