export * from './address.ts';
export * from './assets.ts';
export * from './encodings.ts';
export * from './machines.ts';
export * from './onchain.api.ts';
export * from './onchain.errors.ts';
export * from './rules.ts';
export * from './window.ts';
