import { describe, expect, it } from 'vitest';
import { boardingHref, href, isBoardingPath, routeNames, safeRedirect } from './route-names.ts';

const U = '3f2b8c1e-2a4d-4c5e-9f10-1234567890ab';

describe('route names (spec §2)', () => {
  it('keeps the spec paths', () => {
    expect(routeNames).toMatchObject({
      main: '',
      mi_accounts: '/acclst',
      mi_acc_payments: '/payments/:workMode',
      mi_paybalance: '/transactions/:workMode',
      mi_ecosystem: '/cjclique',
      login: '/frlgn',
      slfrgn: '/frusrs/slfrgn/:code',
      renewp: '/frusrs/renewp/:code',
      'email-confirmation': '/user/email-confirmation/:token',
      err: '/err',
    });
  });

  it('builds URLs by name', () => {
    expect(href('main')).toBe('/');
    expect(href('mi_acc_payments', { workMode: 'list' })).toBe('/payments/list');
    expect(href('login', undefined, { redirect: '/acclst?x=1' })).toBe('/frlgn?redirect=%2Facclst%3Fx%3D1');
    expect(boardingHref('err')).toBe('/err');
    expect(boardingHref('err', { uuid: U, role: 'as' }, { m: 'x' })).toBe(`/err/${U}/as?m=x`);
    expect(boardingHref('appforms', { uuid: U, role: 'lr' })).toBe(`/${U}/lr/appforms`);
  });

  it('tells boarding paths apart', () => {
    expect(isBoardingPath(`/${U}/as`)).toBe(true);
    expect(isBoardingPath('/brd/x')).toBe(true);
    expect(isBoardingPath(`/verifications/${U}`)).toBe(true);
    expect(isBoardingPath('/acclst/x')).toBe(false);
    expect(isBoardingPath('/')).toBe(false);
  });

  it('accepts only same-site redirect targets', () => {
    expect(safeRedirect('/payments/list?page=2')).toBe('/payments/list?page=2');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
