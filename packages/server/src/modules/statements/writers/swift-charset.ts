/**
 * The SWIFT X character set (MT messages): a–z A–Z 0–9 / - ? : ( ) . , ' + space. Everything the
 * portal writes in a SWIFT format passes through `swiftX`, so a name is transliterated, never
 * stripped of its letters ("Bäckerei Müller" → "Baeckerei Mueller"; docs/decisions.md, issue 35).
 *
 * The one table, in the order it is applied:
 * 1. `SPECIAL` below: letters whose spelling changes (German umlauts and ß as in German bank
 *    practice, Nordic æ ø å, Polish ł, Icelandic þ ð, ligatures), Cyrillic by ICAO Doc 9303
 *    (passports; Russian, Ukrainian, Belarusian, Serbian, Macedonian letters) with ь → ' (as
 *    BGN/PCGN) so no letter vanishes, and punctuation outside the set (quotes → ', dashes → -,
 *    & → +, @ → (at), € → EUR ...).
 * 2. Any other Latin letter with a diacritic loses the mark (é → e, č → c, ñ → n): Unicode NFD, then
 *    the combining marks are removed.
 * 3. Whitespace becomes a space; anything still outside the set (other scripts, symbols) becomes '.',
 *    a visible placeholder ('?' would start a structured :86: subfield before digits).
 */
const SPECIAL: Readonly<Record<string, string>> = {
  // German, Nordic and other Latin letters that do not decompose, or that transliterate to two letters.
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  ø: 'oe',
  Ø: 'OE',
  å: 'aa',
  Å: 'Aa',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  // Cyrillic, ICAO Doc 9303 (lower case; upper case is derived in `letter`).
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  ђ: 'd',
  ѓ: 'g',
  е: 'e',
  ё: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  ѕ: 'dz',
  и: 'i',
  і: 'i',
  ї: 'i',
  й: 'i',
  ј: 'j',
  к: 'k',
  ќ: 'k',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ћ: 'c',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  џ: 'dz',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: "'",
  э: 'e',
  ю: 'iu',
  я: 'ia',
  // Punctuation and symbols outside the set.
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '`': "'",
  '´': "'",
  '"': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '‹': "'",
  '›': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '−': '-',
  _: '-',
  '~': '-',
  '=': '-',
  '&': '+',
  '@': '(at)',
  '#': 'No.',
  '№': 'No.',
  '%': 'pct',
  '*': '.',
  '!': '.',
  ';': ',',
  '…': '...',
  '<': '(',
  '>': ')',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '\\': '/',
  '|': '/',
  '€': 'EUR',
  '£': 'GBP',
  $: 'USD',
  '¥': 'JPY',
  '₽': 'RUB',
  '₴': 'UAH',
};

const OUTSIDE = /[^A-Za-z0-9/\-?:().,'+ ]/;
const COMBINING_MARKS = /\p{M}+/gu;

/** One character in SWIFT X characters. */
function letter(ch: string): string {
  const direct = SPECIAL[ch];
  if (direct !== undefined) return direct;
  const lower = ch.toLowerCase();
  const fromLower = lower !== ch ? SPECIAL[lower] : undefined;
  // Upper-case Cyrillic: capitalise the transliteration (Ж → Zh, Щ → Shch).
  if (fromLower !== undefined) return fromLower.charAt(0).toUpperCase() + fromLower.slice(1);
  if (/\s/.test(ch)) return ' ';
  // A mark left over from decomposed input belongs to the letter before it, already written.
  if (/^\p{M}$/u.test(ch)) return '';
  const bare = ch.normalize('NFD').replace(COMBINING_MARKS, '');
  return bare !== '' && !OUTSIDE.test(bare) ? bare : '.';
}

/** Text in the SWIFT X character set, transliterated by the table above. */
export function swiftX(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) out += OUTSIDE.test(ch) ? letter(ch) : ch;
  return out;
}

/** SWIFT X text cut to `max` characters (after transliteration, which may lengthen it). */
export const swiftText = (text: string, max: number) => swiftX(text).slice(0, max);
