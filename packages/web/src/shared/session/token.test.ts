import { describe, expect, it } from 'vitest';
import { decodeToken, isExpired, tokenScopes } from './token.ts';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${part({ alg: 'HS256' })}.${part(payload)}.signature`;

describe('decodeToken', () => {
  it('reads sub and exp, also with non-ASCII claims', () => {
    const payload = decodeToken(jwt({ sub: 'u-1', exp: 2_000_000_000, name: 'Анна' }));
    expect(payload).toMatchObject({ sub: 'u-1', exp: 2_000_000_000, name: 'Анна' });
  });

  it('rejects text that is not a JWT with a numeric exp', () => {
    expect(decodeToken('nonsense')).toBeNull();
    expect(decodeToken(jwt({ sub: 'u' }))).toBeNull();
    expect(decodeToken(`a.${Buffer.from('{oops').toString('base64url')}.c`)).toBeNull();
    expect(decodeToken(null)).toBeNull();
  });

  it('expires at exp', () => {
    const payload = decodeToken(jwt({ sub: 'u', exp: 100 }));
    expect(payload && isExpired(payload, 99_999)).toBe(false);
    expect(payload && isExpired(payload, 100_000)).toBe(true);
  });

  it('reads scopes as an array or a space-separated string', () => {
    expect(tokenScopes(decodeToken(jwt({ sub: 'u', exp: 1, scopes: ['appforms/read'] })))).toEqual([
      'appforms/read',
    ]);
    expect(tokenScopes(decodeToken(jwt({ sub: 'u', exp: 1, scope: 'a/read  b/write' })))).toEqual([
      'a/read',
      'b/write',
    ]);
  });
});
