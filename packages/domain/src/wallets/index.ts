// The accounts area: wallets, IBANs, statements, dashboard, and the ledger vocabulary they show.
export * from '../ledger/index.ts';
export * from './dashboard.api.ts';
export * from './dashboard.ts';
export * from './iban-allocation.ts';
export * from './wallet-filters.ts';
export * from './wallet-transfer.ts';
export * from './wallet-transfer.errors.ts';
export * from './wallets.api.ts';
export * from './wallets.errors.ts';
export * from './wallets.schemas.ts';
