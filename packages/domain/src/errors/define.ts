/** One error of the catalogue: the HTTP status it answers with and the English message (spec §8 wording). */
export interface ErrorDef {
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 417 | 422 | 423 | 424 | 429 | 500 | 503;
  /** English text; `{name}` placeholders are filled from the error's params. The browser translates by code. */
  readonly message: string;
}

/** Areas declare their errors with this so each code carries its status: a code without one fails the type check. */
export const defineErrors = <T extends Record<string, ErrorDef>>(defs: T): T => defs;

/** Fills `{name}` placeholders. Unknown names stay visible so a missing param is noticed, not hidden. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
