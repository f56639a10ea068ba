export * from './ip-ranges.ts';
export * from './settings-rules.ts';
export * from './settings.api.ts';
export * from './settings.errors.ts';
