import { describe, expect, it } from 'vitest';
import { swiftText, swiftX } from './swift-charset.ts';

const SWIFT_X = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

describe('SWIFT X transliteration (issue 35): letters are spelled out, never dropped', () => {
  it.each([
    ['Bäckerei Müller GmbH', 'Baeckerei Mueller GmbH'],
    ['Straße Öl Ärzte Übel', 'Strasse Oel Aerzte Uebel'],
    ['Café Noël, Łódź, Smørrebrød', 'Cafe Noel, Lodz, Smoerrebroed'],
    ['O’Brien “Ltd” & Co – 50% @home', "O'Brien 'Ltd' + Co - 50pct (at)home"],
    ['ООО «Ромашка» Щукин Игорь', "OOO 'Romashka' Shchukin Igor'"],
    ['Євген Їжак Ґанок', 'Ievgen Izhak Ganok'],
    ['Cafe\u0301 decomposed', 'Cafe decomposed'],
    ['tab\there\nnewline', 'tab here newline'],
    ['東京 ok', '.. ok'],
  ])('%s → %s', (input, expected) => {
    expect(swiftX(input)).toBe(expected);
    expect(swiftX(input)).toMatch(SWIFT_X);
  });

  it('cuts after transliterating, so the limit holds for the written text', () => {
    expect(swiftText('Müller', 4)).toBe('Muel');
  });
});
