export * from './ledger.ts';
export * from './ledger.errors.ts';
