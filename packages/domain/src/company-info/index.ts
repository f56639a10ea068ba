export * from './company-info.api.ts';
