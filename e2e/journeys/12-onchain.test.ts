import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api, apiLogin } from '../support/api.ts';
import { approveInDialog } from '../support/approval.ts';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { type DemoLogin, demoLoginByRole, freshTotp, loginAs } from '../support/login.ts';

/** A valid EIP-55 address (the USDC contract): the receiver of the journey's USDT. */
const RECEIVER = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
/** The same address with one letter's case flipped: the EIP-55 checksum breaks. */
const BROKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eb48';

interface CryptoWallet {
  asset: string;
  balance: string;
  addresses: { network: string; address: string }[];
}

let adminToken = '';
before(async () => {
  // The UK window is 06:00-12:00; the simulator treats it as open so the journey runs at any hour.
  adminToken = await apiLogin('admin@clearline.example');
  const r = await api('POST', '/onchain/sim/state', { token: adminToken, body: { window_open: true } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
});
after(async () => {
  await api('POST', '/onchain/sim/state', { token: adminToken, body: { window_open: false } });
  await closeBrowser();
});

const tokenOf = async (page: Page) => {
  const token = await page.evaluate(() => sessionStorage.getItem('id_token'));
  assert.ok(token);
  return token;
};

async function usdtWallet(token: string) {
  const r = await api<{ wallets: CryptoWallet[] }>('GET', '/onchain/wallets', { token });
  assert.equal(r.status, 200);
  const w = r.body.wallets.find((x) => x.asset === 'USDT');
  assert.ok(w);
  return {
    minor: BigInt(w.balance.replace('.', '')),
    address: w.addresses.find((a) => a.network === 'ethereum')?.address ?? '',
  };
}

async function typeCode(page: Page, testId: string, user: DemoLogin) {
  await page.getByTestId(testId).locator('input').first().click();
  await page.keyboard.type(await freshTotp(user.totpSecret ?? ''));
}

describe('on-chain transfers and escrow deals', () => {
  let master: DemoLogin;

  it('the Master User sends USDT on Ethereum, watches the confirmations count up and the balance change; then an escrow deal is paid by the simulator and confirmed (dark, en-gb, 1440 px)', async () => {
    master = demoLoginByRole(/Master User/);
    const { page, context } = await newPage({ theme: 'dark', language: 'en-gb' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, master);
    const token = await tokenOf(page);
    const before = await usdtWallet(token);

    // Crypto wallets with their deposit addresses.
    await page.goto(url('/onchain?tab=wallets'));
    await page.locator('[data-testid="crypto-wallet"][data-asset="USDT"]').waitFor();
    await shot(page, 'onchain-wallets-dark-en');

    // The menu entry opens the dialog.
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Make Onchain Transfer' }).first().click();
    const dialog = page.getByTestId('onchain-dialog');
    await dialog.getByText('Make Onchain Transfer').first().waitFor();
    await page.getByTestId('onchain-amount').fill('250');
    await page.getByTestId('quote-total').getByText('253.00 USDT').waitFor();

    // A broken checksum is an error; a valid address is accepted.
    await page.getByTestId('onchain-address').fill(BROKEN);
    await dialog.getByText(/checksum is broken/).waitFor();
    assert.ok(await page.getByTestId('onchain-continue').isDisabled());
    await shot(page, 'onchain-dialog-checksum-error-dark-en');
    await page.getByTestId('onchain-address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await dialog.getByText(/This is a tron address/).waitFor();
    await page.getByTestId('onchain-address').fill('not-an-address-at-all');
    await page.getByTestId('onchain-address-warning').waitFor();
    await shot(page, 'onchain-dialog-warning-dark-en');
    await page.getByTestId('onchain-address').fill(RECEIVER);
    await page.getByTestId('onchain-address-ok').waitFor();
    await page.getByTestId('quote-fee').getByText('3.00 USDT').waitFor();
    await shot(page, 'onchain-dialog-quote-dark-en');

    await page.getByTestId('onchain-continue').click();
    await page.getByTestId('confirm-address').getByText(RECEIVER).waitFor();
    await page.getByTestId('onchain-password').fill(master.password);
    await typeCode(page, 'onchain-code', master);
    await shot(page, 'onchain-dialog-confirm-dark-en');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/onchain/transfers') && r.request().method() === 'POST',
    );
    await page.getByTestId('onchain-confirm').click();
    assert.equal((await created).status(), 200);
    await page.getByTestId('onchain-result').getByText('Awaiting approval').waitFor();

    // Maker-checker: the Master User holds approve own, so approves it here.
    await page.getByTestId('onchain-approve').click();
    await page.getByTestId('onchain-approve-items').getByText(RECEIVER).waitFor();
    await shot(page, 'onchain-approve-dialog-dark-en');
    await approveInDialog(page, master, 'onchain-approve');
    await page.getByTestId('result-hash').waitFor();
    await shot(page, 'onchain-dialog-approved-dark-en');
    await page.getByTestId('onchain-done').click();

    // The list polls: confirmations count up to the required 12, then the transfer settles.
    const row = page.getByTestId('transfer-row').first();
    await row.locator('[data-testid="confirmations"]:not([data-count="0"])').waitFor({ timeout: 20_000 });
    const early = Number(await row.getByTestId('confirmations').getAttribute('data-count'));
    await shot(page, 'onchain-transfers-confirming-dark-en');
    await page
      .locator('[data-testid="transfer-row"][data-status="settled"]')
      .first()
      .waitFor({ timeout: 40_000 });
    const final = Number(await row.getByTestId('confirmations').getAttribute('data-count'));
    assert.ok(early < final && final === 12, `confirmations went ${early} → ${final}`);
    await shot(page, 'onchain-transfers-settled-dark-en');
    const afterSend = await usdtWallet(token);
    assert.equal(before.minor - afterSend.minor, 253_000_000n);

    // Escrow: expect 1500 USDT to be released into our own USDT wallet.
    await page.getByTestId('open-deal').click();
    await page.getByTestId('deal-expected').fill('1500');
    await page.getByTestId('deal-receiver').fill(afterSend.address);
    await shot(page, 'onchain-deal-new-dark-en');
    await page.getByTestId('deal-create').click();
    const dealRow = page.locator('[data-testid="deal-row"][data-status="awaiting"]').first();
    await dealRow.waitFor();
    await shot(page, 'onchain-deals-awaiting-dark-en');

    // The simulated counterparty pays: a simulator control of the admin group, naming the company
    // (issue 34; clients see no demo button). The user enters its Trx ID in the match dialog.
    const me = await api<{ user: { current_merchant: { id: string } | null } }>('GET', '/frusrs/me', {
      token,
    });
    const deals = await api<{ deals: { deposit_address: string; expected_amount: string }[] }>(
      'POST',
      '/onchain/escrow/deals/list/1/1',
      { token, body: { status: 'awaiting' } },
    );
    const awaiting = deals.body.deals[0];
    assert.ok(awaiting && me.body.user.current_merchant);
    const paid = await api<{ trx_id: string }>('POST', '/onchain/sim/deposit', {
      token: adminToken,
      body: {
        merchant_id: me.body.user.current_merchant.id,
        network: 'ethereum',
        ticker: 'USDT',
        address: awaiting.deposit_address,
        amount: awaiting.expected_amount,
      },
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    await dealRow.getByTestId('deal-match').click();
    const trx = page.getByTestId('match-trx');
    await trx.fill(paid.body.trx_id);
    assert.match(await trx.inputValue(), /^0x[0-9a-f]{64}$/);
    // The deposit needs 12 confirmations before it can be matched: retry as a user would.
    for (let attempt = 0; ; attempt++) {
      const answer = page.waitForResponse((r) => r.url().includes('/trx') && r.request().method() === 'POST');
      await page.getByTestId('match-submit').click();
      if ((await answer).status() === 200) break;
      assert.ok(attempt < 30, 'the deposit was never confirmed');
      await page
        .getByTestId('match-error')
        .getByText(/confirmations/)
        .waitFor();
      if (attempt === 0) await shot(page, 'onchain-deal-unconfirmed-dark-en');
      await page.waitForTimeout(1_000);
    }
    const funded = page.locator('[data-testid="deal-row"][data-status="funded"]').first();
    await funded.waitFor();
    await shot(page, 'onchain-deals-funded-dark-en');
    await funded.getByTestId('deal-confirm-open').click();
    await page.getByTestId('deal-password').fill(master.password);
    await typeCode(page, 'deal-code', master);
    await page.getByTestId('deal-confirm').click();
    await page.locator('[data-testid="deal-row"][data-status="confirmed"]').first().waitFor();
    await shot(page, 'onchain-deals-confirmed-dark-en');
    const afterDeal = await usdtWallet(token);
    assert.equal(afterDeal.minor - afterSend.minor, 1_500_000_000n);
    await context.close();
  });

  it('reads in Russian on a light theme, on a phone (390 px) and on a desktop (1440 px)', async () => {
    const { page, context } = await newPage({ theme: 'light', language: 'ru' });
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, master);
    await page.goto(url('/onchain'));
    await page.getByTestId('transfer-row').first().waitFor();
    await page.getByText('Исполнен').first().waitFor();
    await shot(page, 'onchain-transfers-light-ru-390');
    await page.goto(url('/onchain?tab=deals'));
    await page.getByTestId('deal-row').first().waitFor();
    await shot(page, 'onchain-deals-light-ru-390');
    await page.goto(url('/onchain?tab=wallets'));
    await page.getByTestId('crypto-wallet').first().waitFor();
    await shot(page, 'onchain-wallets-light-ru-390');
    await page.goto(url('/onchain?dialog=transfer'));
    await page.getByTestId('onchain-amount').fill('100');
    await page.getByTestId('onchain-address').fill('hello');
    await page
      .getByTestId('onchain-address-warning')
      .getByText('Адрес не похож на адрес этой сети.')
      .waitFor();
    await page.getByTestId('quote-total').waitFor();
    await shot(page, 'onchain-dialog-light-ru-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url('/onchain?tab=deals&status=confirmed'));
    await page.getByTestId('deal-row').first().waitFor();
    await shot(page, 'onchain-deals-light-ru-1440');
    await page.goto(url('/onchain?dialog=transfer'));
    // Typing the fiat amount: the coins come from the FX rate, held for a countdown.
    await page.getByTestId('onchain-mode').getByText('Сумма в USD', { exact: true }).click();
    await page.getByTestId('onchain-amount').fill('100');
    // Amounts read in the locale's format (issue 36): "100,00 $" in Russian.
    await page
      .getByTestId('quote-fiat')
      .getByText(/^100,00\s\$$/)
      .waitFor();
    await page.getByTestId('onchain-countdown').waitFor();
    await shot(page, 'onchain-dialog-light-ru-1440');
    await context.close();
  });
});
