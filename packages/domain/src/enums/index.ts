export * from './boarding.ts';
export * from './constants.ts';
export * from './enum-helpers.ts';
export * from './messages.ts';
export * from './payments.ts';
export * from './users.ts';
export * from './wallets.ts';
