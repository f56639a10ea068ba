import { describe, expect, it } from 'vitest';
import { layoutCells } from './dashboard.ts';
import { checkListFilter, likePattern } from './wallet-filters.ts';

describe('wallet list filters (spec §5)', () => {
  it.each([
    ['iban_number', 'gb29 clrl', { ok: true, value: 'GB29CLRL', forcePageOne: false }],
    ['iban_number', 'GB*0413', { ok: true, value: 'GB%0413', forcePageOne: false }],
    ['ui_name', 'Main *', { ok: true, value: 'Main %', forcePageOne: false }],
    ['iban_number', 'GB$1', { ok: false, error: 'IBAN_FILTER_INVALID' }],
    ['iban_number', 'GB00CLRL04130700000001', { ok: false, error: 'IBAN_FILTER_INVALID' }],
  ] as const)('%s %j', (param, value, expected) => {
    expect(checkListFilter(param, value)).toEqual(expected);
  });

  it('forces page 1 for a full valid IBAN', () => {
    expect(checkListFilter('iban_number', 'GB82 WEST 1234 5698 7654 32')).toEqual({
      ok: true,
      value: 'GB82WEST12345698765432',
      forcePageOne: true,
    });
  });

  it('escapes LIKE metacharacters the user did not mean', () => {
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('GB%07')).toBe('GB%07');
  });
});

describe('dashboard layout cells', () => {
  it('lets a 2-cell chart take its cell and the next', () => {
    expect(
      layoutCells([
        { slide_no: 1, placement: 0, cellsCount: 2 },
        { slide_no: 1, placement: 2, cellsCount: 1 },
      ]),
    ).not.toBeNull();
  });

  it('refuses overlaps and widgets past the slide end', () => {
    expect(
      layoutCells([
        { slide_no: 1, placement: 0, cellsCount: 2 },
        { slide_no: 1, placement: 1, cellsCount: 1 },
      ]),
    ).toBeNull();
    expect(layoutCells([{ slide_no: 1, placement: 3, cellsCount: 2 }])).toBeNull();
  });
});
