export * from './boarding-scopes.ts';
export * from './client-rights.ts';
