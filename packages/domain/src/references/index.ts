export * from './countries.ts';
export * from './references.api.ts';
export * from './becs.ts';
