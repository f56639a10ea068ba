import { apiRoutes, type RouteDef } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.ts';

/** Issue 35: each operation lists the error statuses and codes it can answer, not only `default`. */
const doc = buildOpenApiDocument('test') as {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
};
const operations = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));
const operation = (id: string) => {
  const op = operations.find((o) => o.operationId === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
};
/** The codes an operation lists per status: { '403': ['NO_RIGHTS_CREATE_PAYOUT', …], … }. */
const codesOf = (id: string): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const [status, r] of Object.entries(operation(id).responses)) {
    const schema = (r as { content?: { 'application/json'?: { schema?: { allOf?: unknown[] } } } }).content?.[
      'application/json'
    ]?.schema;
    const narrowed = schema?.allOf?.[1] as { properties: { code: { enum: string[] } } } | undefined;
    if (narrowed) out[status] = narrowed.properties.code.enum;
  }
  return out;
};

describe('error responses per operation', () => {
  it('a pay-out create lists the refusals a client can meet, each under its status', () => {
    const codes = codesOf('createPayout');
    expect(codes['401']).toEqual(expect.arrayContaining(['UNAUTHENTICATED', 'SCA_WRONG_CREDENTIALS']));
    expect(codes['403']).toEqual(expect.arrayContaining(['NO_RIGHTS_CREATE_PAYOUT', 'MAINTENANCE']));
    expect(codes['404']).toContain('WALLET_NOT_FOUND');
    expect(codes['409']).toEqual(['IDEMPOTENCY_CONFLICT', 'IDEMPOTENCY_IN_PROGRESS']);
    expect(codes['417']).toEqual(expect.arrayContaining(['VALIDATION', 'PAYMENT_METHOD_NOT_AVAILABLE']));
    expect(codes['422']).toContain('INSUFFICIENT_BALANCE_NOT_APPROVED');
    expect(codes['424']).toEqual(['PROCESSING_UNAVAILABLE']);
    expect(operation('createPayout').responses.default).toBeDefined();
  });

  it('reads list their own 404, public calls no 401, rate-limited calls their 429', () => {
    expect(codesOf('getPayment')['404']).toEqual(['PAYMENT_NOT_FOUND']);
    expect(codesOf('getPayment')['409']).toBeUndefined();
    expect(codesOf('health')['401']).toBeUndefined();
    expect(codesOf('login')['429']).toEqual(['RATE_LIMITED']);
    expect(codesOf('startMaintenance')['403']).toEqual(['FORBIDDEN']);
  });

  it('every operation lists its statuses beside `default`, and every logged-in one its 401', () => {
    const routes = Object.entries(apiRoutes as Record<string, RouteDef>);
    expect(operations).toHaveLength(routes.length);
    for (const [name, def] of routes) {
      const statuses = Object.keys(operation(name).responses).filter((s) => s !== '200' && s !== 'default');
      expect(statuses.length, name).toBeGreaterThan(0);
      if (def.auth !== 'public') expect(codesOf(name)['401'], name).toContain('UNAUTHENTICATED');
    }
  });
});
