import { randomBytes } from 'node:crypto';
import { bankOfWalletIban, PROVIDER_ENTITIES } from '@portal/domain';
import { createPdf, FONT, FONT_BOLD } from '../../adapters/pdf/pdf.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { companyOf } from '../wallets/wallets.service.ts';
import * as repo from './statements.repo.ts';

/**
 * Account verification letter (`get_printout`): the provider entity of the platform confirms the
 * company holds the account and IBAN, optionally with its balance; Code 128 of the reference.
 */
export async function accountLetter(
  deps: AppDeps,
  ctx: RequestContext<UserPrincipal>,
  p: { uuid: string; iban: string; withBalance: boolean; currency?: string | undefined },
): Promise<{ filename: string; stream: PDFKit.PDFDocument }> {
  const merchantId = companyOf(ctx.principal);
  const wallet = await service(deps, 'wallets').getWalletForMerchant(deps.db, merchantId, p.uuid);
  const ibans = await service(deps, 'wallets').ibansOf(wallet.id);
  const iban = p.iban.toUpperCase();
  if (!ibans.includes(iban)) throw new DomainError('WALLET_NOT_FOUND');
  const balances = (await service(deps, 'walletBalances').balances(ctx.principal, wallet.id, 0)).filter(
    (b) => !p.currency || b.currency === p.currency,
  );
  if (p.currency && balances.length === 0)
    throw new DomainError('STATEMENT_CURRENCY_UNKNOWN', { currency: p.currency });
  const now = deps.clock.now();
  const reference = `AVL${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(3).toString('hex').toUpperCase()}`;
  const entity = PROVIDER_ENTITIES[ctx.platform];
  const company = await repo.companyName(deps.db, merchantId);
  const doc = await createPdf({ title: 'Account verification letter', platform: ctx.platform, reference });
  doc.font(FONT).fontSize(10);
  doc.text(`Date: ${now.toISOString().slice(0, 10)}`);
  doc.moveDown();
  doc.text('To whom it may concern,');
  doc.moveDown();
  doc.text(
    `${entity.legalName} confirms that ${company} holds the payment account described below with us. ` +
      `The account is ${wallet.status === 1 ? 'active' : wallet.status === 2 ? 'disabled' : 'closed'} and was opened on ${wallet.createdAt.toISOString().slice(0, 10)}.`,
  );
  doc.moveDown();
  const row = (label: string, value: string) => {
    doc.font(FONT_BOLD).text(`${label}: `, { continued: true }).font(FONT).text(value);
  };
  row('Account holder', company);
  row('Account name', wallet.uiName);
  row('IBAN', iban.replace(/(.{4})/g, '$1 ').trim());
  // The bank that services this IBAN (issue 35), not the entity's own bank in the header.
  const bank = bankOfWalletIban(iban);
  row('BIC', bank?.bic ?? '—');
  if (bank) row('Bank', `${bank.name}, ${bank.address}`);
  row('Currencies', balances.map((b) => b.currency).join(', ') || '-');
  if (p.withBalance)
    for (const b of balances) row(`Balance ${b.currency}`, `${b.balance} (available ${b.available})`);
  doc.moveDown();
  doc.text(
    `This letter was generated electronically and is valid without signature. To verify it, contact ${entity.support.email} quoting reference ${reference}.`,
  );
  doc.end();
  return { filename: `account-letter-${wallet.id}.pdf`, stream: doc };
}
