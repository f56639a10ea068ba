// Virtual accounts: groups, requests, allocation numbers, actions (spec §2–§9).
export * from './va-codes.ts';
export * from './va-machines.ts';
export * from './va-numbers.ts';
export * from './va.api.ts';
export * from './va.errors.ts';
export * from './va.schemas.ts';
