// Each area adds `export * from './<area>.ts';` for its tables (mirroring its migration file).
export * from './core.ts';
export * from './companies.ts';
export * from './sessions.ts';
export * from './identity.ts';
export * from './ledger.ts';
export * from './boarding.ts';
export * from './payments.ts';
