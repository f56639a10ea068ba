export * from './amount.ts';
export * from './currencies.ts';
export * from './format-money.ts';
