export * from './rules.ts';
export * from './payment-requests.errors.ts';
export * from './payment-requests.api.ts';
