export {
  availableBalancesKey,
  invalidateMoney,
  isTouchedBy,
  MONEY,
  MONEY_EVENT_KINDS,
  type MoneyChange,
  moneyKey,
  profileKey,
  useCompanyId,
  useInvalidateMoney,
  useMoneyMutationOptions,
  walletPart,
} from './freshness.ts';
