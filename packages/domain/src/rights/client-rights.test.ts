import { describe, expect, it } from 'vitest';
import { CLIENT_USER_RIGHTS, type ClientUserRight } from '../enums/users.ts';
import {
  allRights,
  canApprovePayment,
  canAutoApprove,
  noRights,
  normalizeRights,
  type RightsState,
  rightsControls,
} from './client-rights.ts';

const with_ = (on: ClientUserRight[]): RightsState => {
  const rights = noRights();
  for (const right of on) rights[right] = true;
  return rights;
};
const onOf = (rights: RightsState) => CLIENT_USER_RIGHTS.filter((right) => rights[right]);

describe('normalizeRights (spec §5 invitation rules)', () => {
  it.each<[string, ClientUserRight[], ClientUserRight, ClientUserRight[]]>([
    ['approve on switches create on', ['approve'], 'approve', ['create', 'approve']],
    ['approve on keeps create on', ['create', 'approve'], 'approve', ['create', 'approve']],
    ['create off switches approve off', ['approve', 'approveOwn'], 'create', []],
    [
      'create off keeps unrelated rights',
      ['approve', 'refund', 'instantFx'],
      'create',
      ['refund', 'instantFx'],
    ],
    ['approve off switches approve own off', ['create', 'approveOwn'], 'approve', ['create']],
    ['approve own on without approve is undone', ['create', 'approveOwn'], 'approveOwn', ['create']],
    [
      'approve own on with approve stays',
      ['create', 'approve', 'approveOwn'],
      'approveOwn',
      ['create', 'approve', 'approveOwn'],
    ],
    ['create on alone', ['create'], 'create', ['create']],
    [
      'unrelated toggle leaves a valid state',
      ['create', 'approve', 'cancel'],
      'cancel',
      ['create', 'approve', 'cancel'],
    ],
  ])('%s', (_case, on, changed, expected) => {
    expect(onOf(normalizeRights(with_(on), changed))).toEqual(expected);
  });

  it('always ends with approveOwn ⇒ approve ⇒ create, whatever was toggled', () => {
    for (let mask = 0; mask < 1 << CLIENT_USER_RIGHTS.length; mask += 1) {
      const state = with_(CLIENT_USER_RIGHTS.filter((_, bit) => (mask >> bit) & 1));
      for (const changed of CLIENT_USER_RIGHTS) {
        const next = normalizeRights(state, changed);
        if (next.approveOwn) expect(next.approve).toBe(true);
        if (next.approve) expect(next.create).toBe(true);
      }
    }
  });

  it('does not mutate its input', () => {
    const state = with_(['approve']);
    normalizeRights(state, 'approve');
    expect(state.create).toBe(false);
  });
});

describe('rights controls and checks', () => {
  it('disables approve without create and approve own without approve', () => {
    const controls = rightsControls(with_(['create']));
    expect(controls.approve.disabled).toBe(false);
    expect(controls.approveOwn.disabled).toBe(true);
    expect(rightsControls(noRights()).approve.disabled).toBe(true);
    expect(rightsControls(allRights()).approveOwn.disabled).toBe(false);
  });

  it.each([
    [['create', 'approve'], false, true],
    [['create', 'approve'], true, false],
    [['create', 'approve', 'approveOwn'], true, true],
    [['create'], false, false],
  ] as [
    ClientUserRight[],
    boolean,
    boolean,
  ][])('rights %j, own payment %s → may approve %s', (on, isOwn, may) => {
    expect(canApprovePayment(with_(on), isOwn)).toBe(may);
  });

  it('allows auto-approve only with approve', () => {
    expect(canAutoApprove(with_(['create']))).toBe(false);
    expect(canAutoApprove(with_(['create', 'approve']))).toBe(true);
  });
});
