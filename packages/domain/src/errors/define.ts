/** One error of the catalogue: the HTTP status it answers with and the English message (spec §8 wording). */
export interface ErrorDef {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 417 | 422 | 423 | 424 | 429 | 500 | 503;
  /** English text; `{name}` placeholders are filled from the error's params. The browser translates by code. */
  readonly message: string;
}

/** Areas declare their errors with this so each code carries its status: a code without one fails the type check. */
export const defineErrors = <T extends Record<string, ErrorDef>>(defs: T): T => defs;

/**
 * One catalogue entry, written on one line: `NOT_FOUND: errorDef(404, 'Not found.')`. The status keeps
 * its literal type, so `errorCatalogue.NOT_FOUND.status` is `404`, not the union of all statuses.
 */
export const errorDef = <const S extends ErrorDef['status']>(
  status: S,
  message: string,
): { status: S; message: string } => ({ status, message });

/** Fills `{name}` placeholders. Unknown names stay visible so a missing param is noticed, not hidden. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
