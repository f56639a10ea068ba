export * from './messages.api.ts';
export * from './messages.errors.ts';
export * from './messages.rules.ts';
