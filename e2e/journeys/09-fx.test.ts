import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { baseUrl, closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { type DemoLogin, demoLoginByRole, freshTotp, loginAs } from '../support/login.ts';

after(closeBrowser);

interface WalletRow {
  id: number;
  uuid: string;
  balances: { currency: string; balance: string; available: string }[];
}

const tokenOf = async (page: Page) => {
  const token = await page.evaluate(() => sessionStorage.getItem('id_token'));
  assert.ok(token);
  return token;
};

/** Available minor units per wallet id of one currency (exact, from the decimal strings). */
async function availableBy(
  token: string,
  currency: string,
): Promise<Map<string, { uuid: string; minor: bigint }>> {
  const r = await api<{ wallets: WalletRow[] }>('POST', '/wallets/1/100', {
    token,
    body: { with_subaccounts: true },
  });
  assert.equal(r.status, 200);
  const out = new Map<string, { uuid: string; minor: bigint }>();
  for (const w of r.body.wallets) {
    const b = w.balances.find((x) => x.currency === currency);
    if (b) out.set(String(w.id), { uuid: w.uuid, minor: BigInt(b.available.replace('.', '')) });
  }
  return out;
}

async function statementCsv(token: string, walletUuid: string, currency: string): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const res = await fetch(new URL('/api/wallets/statements', baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, timezone: '0', 'content-type': 'application/json' },
    body: JSON.stringify({
      wallet_uuid: walletUuid,
      date_from: today,
      date_to: today,
      format: 'csv',
      currency,
    }),
  });
  assert.equal(res.status, 200);
  return res.text();
}

/** Page object of the Instant FX widget and the exchange dialog. */
const fx = {
  widget: (page: Page) => page.getByTestId('widget-instant-fx'),
  /** The widget sits on the dashboard's second slide in the default layout. */
  async openWidget(page: Page) {
    await page.goto(url('/'));
    await page.getByTestId('dashboard-slides').waitFor();
    await page.getByTestId('dashboard-slides').getByRole('button', { name: '2', exact: true }).click();
    await fx.widget(page).waitFor();
  },
  dialog: (page: Page) => page.getByTestId('fx-dialog'),
  async waitForRate(page: Page) {
    await page
      .getByTestId('widget-fx-rate')
      .getByText(/1 EUR = [\d.]+ GBP/)
      .waitFor();
  },
  async confirm(page: Page, user: DemoLogin) {
    await page.getByTestId('fx-password').fill(user.password);
    await page.getByTestId('fx-code').locator('input').first().click();
    await page.keyboard.type(await freshTotp(user.totpSecret ?? ''));
    await page.getByTestId('fx-confirm').click();
  },
};

describe('instant FX', () => {
  let master: DemoLogin;

  it('the Master User exchanges EUR to GBP from the dashboard widget; an expired quote is refreshed; balances and statements change (dark, en-gb, 1440 px)', async () => {
    master = demoLoginByRole(/Master User/);
    const { page, context } = await newPage({ theme: 'dark', language: 'en-gb' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, master);
    const token = await tokenOf(page);
    const eurBefore = await availableBy(token, 'EUR');
    const gbpBefore = await availableBy(token, 'GBP');

    await fx.openWidget(page);
    await fx.waitForRate(page);
    await fx.widget(page).getByTestId('widget-fx-amount').fill('100.00');
    await shot(page, 'fx-widget-dark-en');
    await page.getByTestId('widget-fx-exchange').click();

    // The prefilled dialog asks for a rate at once: locked for a countdown.
    await page.getByTestId('fx-countdown').waitFor();
    await page
      .getByTestId('fx-deal')
      .getByText(/100\.00/)
      .waitFor();
    await shot(page, 'fx-dialog-quote-dark-en');

    // Let it expire: the dialog says so and offers Refresh; Confirm is off.
    await page.getByTestId('fx-expired').waitFor({ timeout: 45_000 });
    assert.ok(await page.getByTestId('fx-confirm').isDisabled());
    await shot(page, 'fx-dialog-expired-dark-en');
    await page.getByTestId('fx-refresh').click();
    await page.getByTestId('fx-countdown').waitFor();
    const buyText = (await page.getByTestId('fx-buy-amount').textContent()) ?? '';

    const confirmed = page.waitForResponse(
      (r) => r.url().endsWith('/api/fx/exchange') && r.request().method() === 'POST',
    );
    await fx.confirm(page, master);
    const answer = await confirmed;
    assert.equal(answer.status(), 200, await answer.text());
    const exchange = (await answer.json()).exchange as {
      status: string;
      buy_amount: string;
      id: string;
      reference: string;
      sell_wallet_id: string;
      buy_wallet_id: string;
    };
    assert.equal(exchange.status, 'completed');
    await page.getByTestId('fx-result').getByText('Exchange completed.').waitFor();
    await shot(page, 'fx-dialog-done-dark-en');
    assert.ok(buyText.replace(/[^\d.]/g, '').includes(exchange.buy_amount.replace(/^0+(?=\d)/, '')));

    // Both available balances moved by exactly the confirmed amounts (settling demo pay-outs move
    // booked balances, not available ones).
    const eurAfter = await availableBy(token, 'EUR');
    const gbpAfter = await availableBy(token, 'GBP');
    const sellWallet = eurAfter.get(exchange.sell_wallet_id);
    const buyWallet = gbpAfter.get(exchange.buy_wallet_id);
    assert.ok(sellWallet && buyWallet);
    assert.equal((eurBefore.get(exchange.sell_wallet_id)?.minor ?? 0n) - sellWallet.minor, 10_000n);
    assert.equal(
      buyWallet.minor - (gbpBefore.get(exchange.buy_wallet_id)?.minor ?? 0n),
      BigInt(exchange.buy_amount.replace('.', '')),
    );

    // Both wallets' statements show the exchange.
    const line = new RegExp(
      `Currency exchange 100\\.00 EUR to ${exchange.buy_amount.replace('.', '\\.')} GBP`,
    );
    assert.match(await statementCsv(token, sellWallet.uuid, 'EUR'), line);
    assert.match(await statementCsv(token, buyWallet.uuid, 'GBP'), line);

    // The payments list shows its two legs as transaction type exchange.
    await page.goto(
      url(`/payments/list?period=today&counterparty=${encodeURIComponent('Currency exchange')}`),
    );
    await page.getByTestId('payments-table').getByText('Exchange', { exact: true }).first().waitFor();
    await shot(page, 'fx-payments-list-dark-en');

    // The history lists it; its filters live in the URL.
    await page.goto(url('/fx?status=completed'));
    await page.getByTestId('fx-row').first().waitFor();
    await shot(page, 'fx-history-dark-en');
    await context.close();
  });

  it('reads in Russian on a light theme on a phone (390 px): widget, dialog, history', async () => {
    const { page, context } = await newPage({ theme: 'light', language: 'ru' });
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, master);
    await fx.openWidget(page);
    await fx.waitForRate(page);
    await fx.widget(page).scrollIntoViewIfNeeded();
    await shot(page, 'fx-widget-light-ru-390');
    await page.goto(url('/fx?dialog=instant'));
    await fx.dialog(page).getByText('Мгновенный обмен валют').waitFor();
    await fx.dialog(page).getByTestId('fx-sell-currency').and(page.locator('[value="EUR"]')).waitFor();
    await shot(page, 'fx-dialog-light-ru-390');
    await page.goto(url('/fx'));
    await page.getByTestId('fx-row').first().waitFor();
    await shot(page, 'fx-history-light-ru-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url('/fx?dialog=booked'));
    await fx.dialog(page).getByText('Обмен валют NBD/SBD').waitFor();
    await page.getByTestId('fx-booking-window').waitFor();
    await shot(page, 'fx-dialog-booked-light-ru-1440');
    await context.close();
  });
});
