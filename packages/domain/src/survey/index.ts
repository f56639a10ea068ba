export * from './survey.api.ts';
