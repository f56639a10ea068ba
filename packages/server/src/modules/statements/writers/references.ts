import type { StatementLine } from '../../ledger/ledger.read.ts';

/** `payin:<uuid>`, `payment:<uuid>`, `fx:<uuid>`...: a word, then the id of what was booked. */
const WORD_THEN_UUID = /^[a-z_-]+[:-]([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** At most `max` characters (code points, so a name is never cut inside a surrogate pair). */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/**
 * The reference a statement line is known by, in at most `max` characters, or null when none fits.
 * Writers prefer the client's own reference (`clientReference`: a pain.001 pay-out's EndToEndId, a
 * payer's quoted reference); without one it is the ledger reference as is when
 * short enough (FX-1A2B3C4D), else the payment's UUID without dashes (32 characters: `payin:<uuid>`,
 * `payment:<uuid>` and its `return:<uuid>` share it, as a return quotes the original) — the id the
 * portal and its API show for the payment (docs/decisions.md, issue 35).
 */
export function lineReference(line: StatementLine, max: number): string | null {
  const ref = line.reference;
  if (!ref) return null;
  if (ref.length <= max) return ref;
  const uuid = WORD_THEN_UUID.exec(ref)?.[1]?.replace(/-/g, '').toLowerCase();
  return uuid && uuid.length <= max ? uuid : null;
}

/** The client's own reference of the line (a payment request reference a payer quoted), if any. */
export function clientReference(line: StatementLine): string | null {
  return line.details.clientReference?.trim() || null;
}
