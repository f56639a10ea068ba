/** What other features may use of this one; everything else in the folder is its own. */
export { useNewTransactions } from './hooks/use-new-transactions.ts';
export { counterpartyName } from './model.ts';
