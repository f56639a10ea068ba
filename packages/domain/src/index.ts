export * from './api/route.ts';
export * from './api/routes.ts';
export * from './errors/index.ts';
export * from './platform/platform.ts';
export * from './system/system.api.ts';
export * from './identity/action-rights.ts';
export * from './enums/index.ts';
