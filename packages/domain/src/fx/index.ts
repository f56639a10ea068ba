export * from './decimal-rate.ts';
export * from './conversion.ts';
export * from './limits.ts';
export * from './calendar.ts';
export * from './fx.errors.ts';
export * from './fx.api.ts';
