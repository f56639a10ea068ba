export * from './bank-codes.ts';
export * from './field-formats.ts';
export * from './filters.ts';
export * from './iban.ts';
export * from './display.ts';
