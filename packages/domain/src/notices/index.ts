export * from './notices.api.ts';
export * from './notices.errors.ts';
