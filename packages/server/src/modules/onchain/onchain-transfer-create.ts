import {
  assetExponent,
  checkAssetNetwork,
  checkOnchainAmount,
  checkReceiver,
  convertAtRate,
  currencyExponent,
  type CurrencyCode,
  isOnchainAsset,
  networkFee,
  RIGHT_ACTIONS,
  type TransferInput,
} from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import {
  companyOf,
  type Ctx,
  must,
  ONCHAIN_QUOTE_TTL_MS,
  type OnchainContext,
  rateOf,
  refuse,
  windowAt,
} from './onchain-context.ts';
import { record } from './onchain-events.ts';
import * as repo from './onchain.repo.ts';
import { amount, transferView } from './onchain.view.ts';

/** Creating an on-chain transfer: quote, confirmation challenge, and the confirmed transfer. */

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** fiat = coin × rate, rounded up (what the company pays never falls short of the coins sent). */
function coinToFiatUp(coin: bigint, rate: string, fiatExp: number, coinExp: number): bigint {
  const [w = '0', f = ''] = rate.split('.');
  const num = coin * BigInt(w + f) * 10n ** BigInt(fiatExp);
  const den = 10n ** BigInt(coinExp) * 10n ** BigInt(f.length);
  return ceilDiv(num, den);
}

/**
 * Everything a transfer must pass before it is confirmed or executed: right, asset/network,
 * paying wallet of the company, amount (fiat or coin), address, rate, fee, window.
 */
async function prepare(
  oc: OnchainContext,
  principal: UserPrincipal,
  input: TransferInput,
  fixedRate?: { rate: string; expiresAt: string },
) {
  if (!principal.rights.has(RIGHT_ACTIONS.onchainTransfer)) throw new DomainError('ONCHAIN_NO_RIGHTS');
  const merchantId = companyOf(principal);
  const { asset, network } = must(checkAssetNetwork(input.asset, input.network));
  const wallet = await oc
    .wallets()
    .getWalletForMerchant(oc.db, merchantId, input.wallet_id)
    .catch((err: unknown) => {
      if (err instanceof DomainError && err.code === 'WALLET_NOT_FOUND') {
        throw new DomainError(
          'ONCHAIN_WALLET_NOT_FOUND',
          {},
          { fields: { wallet_id: 'ONCHAIN_WALLET_NOT_FOUND' } },
        );
      }
      throw err;
    });
  oc.wallets().assertOutgoingAllowed(wallet);
  const addresses = await repo.addressesOf(oc.db, merchantId);
  const cryptoOf = addresses.find((a) => a.walletId === wallet.id)?.asset;
  const fiat = input.fiat_currency ?? 'USD';
  let funding: string;
  if (cryptoOf) {
    if (cryptoOf !== asset) throw new DomainError('ONCHAIN_FUNDING_CURRENCY', { asset, currency: cryptoOf });
    funding = asset;
  } else funding = fiat;

  const typedCoin = input.coin_amount?.trim() ? input.coin_amount : undefined;
  const typedFiat = !typedCoin && input.fiat_amount?.trim() ? input.fiat_amount : undefined;
  if (!typedCoin && !typedFiat) {
    throw refuse({ code: 'ONCHAIN_AMOUNT_REQUIRED', field: 'coin_amount', params: {} });
  }
  const needsRate = funding !== asset || typedFiat !== undefined;
  const now = oc.clock.now();
  let rate: string | null = null;
  let rateExpiresAt: string | null = null;
  if (fixedRate) {
    if (new Date(fixedRate.expiresAt) < now) throw new DomainError('ONCHAIN_QUOTE_EXPIRED');
    rate = fixedRate.rate;
    rateExpiresAt = fixedRate.expiresAt;
  } else if (needsRate) {
    rate = await rateOf(oc, asset, fiat);
    rateExpiresAt = new Date(now.getTime() + ONCHAIN_QUOTE_TTL_MS).toISOString();
  } else {
    // Only shown (fiat equivalent); a rate outage does not stop a coin-to-coin transfer.
    rate = await rateOf(oc, asset, fiat).catch(() => null);
  }
  if (needsRate && !rate) throw new DomainError('ONCHAIN_RATE_UNAVAILABLE', { base: asset, quote: fiat });

  const coinExp = assetExponent(asset);
  const fiatExp = currencyExponent(fiat as CurrencyCode);
  let coin: bigint;
  let fiatValue: bigint | null = null;
  if (typedCoin) {
    coin = must(checkOnchainAmount(typedCoin, asset, 'coin_amount'));
    if (rate) fiatValue = coinToFiatUp(coin, rate, fiatExp, coinExp);
  } else {
    fiatValue = must(checkOnchainAmount(typedFiat ?? '', fiat as CurrencyCode, 'fiat_amount'));
    coin = convertAtRate(fiatValue, 'fiat', rate ?? '0', fiatExp, coinExp);
    if (coin === 0n) throw refuse({ code: 'ONCHAIN_AMOUNT_ZERO', field: 'fiat_amount', params: {} });
  }
  const fee = networkFee(asset, network);
  let debit: bigint;
  let debitFee: bigint;
  if (funding === asset) {
    debit = coin + fee;
    debitFee = fee;
  } else {
    debitFee = coinToFiatUp(fee, rate ?? '0', fiatExp, coinExp);
    debit = (fiatValue ?? 0n) + debitFee;
  }
  const window = await windowAt(oc, now);
  // What the transfer moves: the company's wallet, the coin sent and what the wallet pays.
  const movement = { merchantId, walletId: wallet.id, asset, network, funding, coin, fee, debit, debitFee };
  // The confirmed content (hashed as canonical JSON, so key order does not matter).
  const subject = {
    ...movement,
    userId: principal.userId,
    // A display-only rate (coins paid from the coin wallet) is not part of what is confirmed.
    rate: needsRate ? rate : null,
    rateExpiresAt,
    comments: input.comments,
  };
  const quote = {
    asset,
    network,
    funding_currency: funding,
    fiat_currency: fiat,
    rate,
    coin_amount: amount(coin, asset),
    fiat_amount: fiatValue === null ? null : amount(fiatValue, fiat),
    fee: amount(fee, asset),
    fee_currency: asset,
    total_debit: amount(debit, funding),
    expires_at: rateExpiresAt,
    window_open: window.open,
    send_at: window.sendAt.toISOString(),
    usd_cancel_at: funding === 'USD' ? window.usdCancelAt.toISOString() : null,
    address_warning: null as string | null,
  };
  return { ...movement, rate, subject, quote };
}

function withAddress(prepared: Awaited<ReturnType<typeof prepare>>, input: TransferInput) {
  const receiver = must(checkReceiver(prepared.network, input.address, input.accept_warnings));
  prepared.quote.address_warning = receiver.warning;
  return {
    ...prepared,
    address: receiver.address,
    addressWarning: receiver.warning,
    subject: { ...prepared.subject, address: receiver.address },
  };
}

export async function quote(
  oc: OnchainContext,
  principal: UserPrincipal,
  input: Omit<TransferInput, 'address'> & { address?: string | undefined },
) {
  const prepared = await prepare(oc, principal, { ...input, address: input.address ?? '' });
  if (input.address?.trim() && isOnchainAsset(prepared.asset)) {
    const r = checkReceiver(prepared.network, input.address, true);
    prepared.quote.address_warning = r.ok ? r.value.warning : null;
  }
  return prepared.quote;
}

export async function challenge(oc: OnchainContext, ctx: Ctx, input: TransferInput) {
  const prepared = withAddress(await prepare(oc, ctx.principal, input), input);
  const c = await oc.confirmations().challenge(oc.db, {
    userId: ctx.principal.userId,
    merchantId: prepared.merchantId,
    kind: 'onchain',
    subject: prepared.subject,
  });
  return {
    confirmation: { challenge_id: c.id, expires_at: c.expiresAt.toISOString() },
    quote: prepared.quote,
  };
}

export async function create(
  oc: OnchainContext,
  ctx: Ctx,
  input: TransferInput & { rate?: string | undefined; rate_expires_at?: string | undefined },
  proof: ScaProof,
) {
  const principal = ctx.principal;
  const fixed =
    input.rate && input.rate_expires_at ? { rate: input.rate, expiresAt: input.rate_expires_at } : undefined;
  const prepared = withAddress(await prepare(oc, principal, input, fixed), input);
  const { step } = await oc.confirmations().verify(oc.db, {
    userId: principal.userId,
    merchantId: prepared.merchantId,
    kind: 'onchain',
    subject: prepared.subject,
    proof,
    meta: { ip: ctx.ip, userAgent: ctx.userAgent, sessionId: principal.sessionId },
  });
  const now = oc.clock.now();
  const created = await inTransaction(oc.db, async (tx) => {
    const t = await repo.insertTransfer(tx, {
      merchantId: prepared.merchantId,
      walletId: prepared.walletId,
      fundingCurrency: prepared.funding,
      asset: prepared.asset,
      network: prepared.network,
      address: prepared.address,
      addressWarning: prepared.addressWarning,
      coinAmount: prepared.coin,
      fee: prepared.fee,
      debitAmount: prepared.debit,
      debitFee: prepared.debitFee,
      rate: prepared.rate,
      status: 'created',
      comments: input.comments,
      createdBy: principal.userId,
      createdAt: now,
      updatedAt: now,
    });
    await oc.confirmations().consume(tx, {
      userId: principal.userId,
      challengeId: proof.challengeId,
      step,
      subjectRef: t.id,
    });
    await record(oc, tx, t, 'created', { type: 'user', id: principal.userId });
    return t;
  });
  return transferView(created, principal, 0);
}
