export * from './directory.api.ts';
