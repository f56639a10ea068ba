import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { parseAmountInput, toMinor } from '@portal/domain';
import { approveInDialog } from '../support/approval.ts';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { type DemoLogin, demoLoginByRole, freshTotp, loginAs } from '../support/login.ts';

after(closeBrowser);

const PAYEE = `E2E Lieferant ${Date.now().toString(36).toUpperCase()}`;
/** A Deutsche Bank IBAN (in the BIC directory, reachable by SEPA), pasted the way people paste it. */
const PASTED_IBAN = ' de89 3704-0044 0532 0130 00 ';
const AMOUNT_TYPED = '1,234.56';

/** Page object of the new-payment screen (/payments/new). */
const newPaymentPage = {
  async open(page: Page) {
    await page.locator('[data-menu-item="makePayment"]').click();
    await page.getByTestId('new-payment-form').waitFor();
  },
  async choose(page: Page, testId: string, option: RegExp | string) {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option }).first().click();
  },
  async paste(page: Page, field: string, text: string) {
    const input = page.locator(`input[data-field="${field}"]`);
    await input.focus();
    await input.evaluate((el, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  },
};

/** Page object of the payments list and its details drawer. */
const paymentsPage = {
  async openList(page: Page, query: Record<string, string>) {
    await page.goto(url(`/payments/list?${new URLSearchParams(query).toString()}`));
    await page.getByTestId('payments-table').waitFor();
  },
  row(page: Page) {
    return page.locator('[data-testid="payments-table"] tbody tr[data-payment-id]').first();
  },
};

/** Today's settled EUR pay-outs on the Pay-in and Pay-out balance screen, in minor units. */
async function settledPayoutEur(page: Page): Promise<bigint> {
  await page.goto(url('/transactions/balance?period=today'));
  const cell = page.locator(
    '[data-testid="balance-cards"] [data-currency="EUR"] [data-testid="payout-settled"]',
  );
  if (
    !(await cell.waitFor({ timeout: 8_000 }).then(
      () => true,
      () => false,
    ))
  )
    return 0n;
  const parsed = parseAmountInput(((await cell.textContent()) ?? '').replace(/[^\d.,-]/g, ''));
  assert.ok(parsed.ok, 'the settled sum is an amount');
  return toMinor(parsed.value, 'EUR');
}

describe('payments: create, confirm with TOTP, approve, settle', () => {
  let standard: DemoLogin;
  let master: DemoLogin;
  let paymentId = '';

  before(() => {
    standard = demoLoginByRole(/Standard User/);
    master = demoLoginByRole(/Master User/);
  });

  describe('the Standard User makes a SEPA payment', () => {
    let page: Page;
    let context: BrowserContext;
    before(async () => {
      ({ page, context } = await newPage({ theme: 'dark', language: 'en-gb' }));
      await loginAs(page, standard);
    });
    after(() => context?.close());

    it('fills the form: wallet, currency, method, pasted IBAN cleaned with the notice, amount', async () => {
      await newPaymentPage.open(page);
      await newPaymentPage.choose(page, 'wallet-select', /EUR|Main|Operating|Northwind/i);
      if (!(await page.getByTestId('currency-select').inputValue()))
        await newPaymentPage.choose(page, 'currency-select', 'EUR');
      await newPaymentPage.choose(page, 'method-select', /^SEPA$/);
      await page.locator('input[data-field="payee"]').fill(PAYEE);
      await newPaymentPage.paste(page, 'iban', PASTED_IBAN);
      await page.getByText('IBAN value fixed after the paste operation').waitFor();
      assert.equal(
        await page.locator('input[data-field="iban"]').inputValue(),
        'DE89 3704 0044 0532 0130 00',
      );
      await page.locator('input[data-field="iban"]').blur();
      await page.getByTestId('iban-bank').waitFor();
      await page.getByTestId('amount-input').fill(AMOUNT_TYPED);
      await shot(page, 'payments-new-filled-dark');
    });

    it('confirms with password and a 6-digit TOTP code; the payment is created', async () => {
      await page.getByTestId('continue-payment').click();
      // The server's check comes back into the summary first: amount, fee, total debit, balance after.
      const summary = page.getByTestId('payout-summary');
      await page.getByTestId('review-confirm').waitFor();
      assert.match((await summary.getByTestId('summary-total').textContent()) ?? '', /1,234\.56/);
      assert.match((await summary.getByTestId('summary-after').textContent()) ?? '', /€/);
      await shot(page, 'payments-new-review-dark');
      await page.getByTestId('review-confirm').click();
      const modal = page.getByTestId('confirm-payout');
      // The full IBAN on one line, grouped by 4.
      assert.equal(await modal.getByTestId('confirm-iban').textContent(), 'DE89 3704 0044 0532 0130 00');
      await modal.getByText(PAYEE).waitFor();
      await page.waitForTimeout(400); // modal transition
      await shot(page, 'payments-confirm-dark');
      await page.getByTestId('confirm-password').fill(standard.password);
      const firstDigit = modal.locator('input[inputmode="numeric"]').first();
      await firstDigit.click();
      await page.keyboard.type(await freshTotp(standard.totpSecret ?? ''));
      await modal.getByRole('button', { name: 'Confirm and create' }).click();
      const result = page.getByTestId('payout-result');
      await result.waitFor({ timeout: 20_000 });
      assert.match((await result.textContent()) ?? '', /1,234\.56/);
      assert.equal(await result.locator('[data-status]').getAttribute('data-status'), 'created');
      await shot(page, 'payments-created-dark');
    });

    it('shows the payment in the list; no approve button for a user without the right', async () => {
      await paymentsPage.openList(page, { q: PAYEE, period: 'today' });
      const row = paymentsPage.row(page);
      await row.waitFor();
      paymentId = (await row.getAttribute('data-payment-id')) ?? '';
      assert.ok(paymentId, 'the new payment is listed');
      await row.click();
      await page.getByTestId('payment-drawer').getByText(PAYEE).first().waitFor();
      assert.equal(
        await page.getByTestId('payment-actions').getByRole('button', { name: 'Approve' }).count(),
        0,
      );
      await shot(page, 'payments-standard-details-dark');
    });
    it('shows the Confirmation of Payee warning for a close name, dismissable; saves and finds a template', async () => {
      await page.goto(url('/payments/new'));
      await page.getByTestId('new-payment-form').waitFor();
      await newPaymentPage.choose(page, 'wallet-select', /GBP/);
      if (!(await page.getByTestId('currency-select').inputValue()))
        await newPaymentPage.choose(page, 'currency-select', 'GBP');
      await newPaymentPage.choose(page, 'method-select', /^FPS$/);
      await page.locator('input[data-field="payee"]').fill('Acme Tradng Ltd');
      await page.locator('input[data-field="sortCode"]').fill('200000');
      assert.equal(await page.locator('input[data-field="sortCode"]').inputValue(), '20-00-00');
      await page.locator('input[data-field="accountNumber"]').fill('31926819');
      await page.getByTestId('amount-input').fill('10');
      await page.getByTestId('continue-payment').click();
      const cop = page.getByTestId('cop-warning');
      await cop.getByText('Confirmation of Payee: MBAM').waitFor();
      await cop.getByText('Acme Trading Ltd').waitFor();
      await page.waitForTimeout(400); // modal transition
      await shot(page, 'payments-cop-warning-dark');
      await cop.getByRole('button', { name: 'Edit details' }).click();
      await cop.getByRole('button', { name: 'Edit details' }).waitFor({ state: 'hidden' });

      const name = `Acme FPS ${PAYEE.slice(-6)}`;
      await page.getByRole('button', { name: 'Save as template' }).click();
      await page.getByTestId('template-save').getByLabel('Template name').fill(name);
      await page.getByTestId('template-save').getByRole('button', { name: 'Save' }).click();
      await page.getByText(`Template “${name}” saved`).waitFor();
      await page.getByRole('button', { name: 'Use template' }).click();
      const picker = page.getByTestId('template-picker');
      await picker.getByText('Mine, private').click();
      await picker.locator(`[data-template="${name}"]`).waitFor();
      await shot(page, 'payments-templates-dark');
      await page.keyboard.press('Escape');
    });
  });

  describe('the Master User approves it and the simulator settles it', () => {
    let page: Page;
    let settledBefore = 0n;
    let context: BrowserContext;
    before(async () => {
      ({ page, context } = await newPage({ theme: 'light', language: 'en-gb' }));
      await loginAs(page, master);
    });
    after(() => context?.close());

    it('approves the created payment from its details', async () => {
      settledBefore = await settledPayoutEur(page);
      await paymentsPage.openList(page, { q: PAYEE, period: 'today', payment: paymentId });
      const drawer = page.getByTestId('payment-drawer');
      await drawer.getByRole('button', { name: 'Approve' }).click();
      // Approval is strong customer authentication: the dialog shows the payee and the amount.
      const dialog = page.getByTestId('approve-dialog');
      await dialog.getByText(PAYEE).waitFor();
      await dialog
        .getByTestId('approve-totals')
        .getByText(/1,234\.56/)
        .waitFor();
      await page.waitForTimeout(400); // modal transition
      await shot(page, 'payments-approve-dialog-light');
      await approveInDialog(page, master);
      await page.getByText('Payment approved').waitFor();
      await drawer.locator('[data-status="pending"], [data-status="settled"]').first().waitFor();
      await shot(page, 'payments-approved-light');
      await page.keyboard.press('Escape');
    });

    it('sees it settled (polled, bounded) in the list', async () => {
      // SEPA settles 60 s after approval in the demo simulator (server SETTLEMENT_DELAY_S); the SSE stream
      // refreshes the list at once, and a reload every 10 s is the fallback.
      const deadline = Date.now() + 150_000;
      let status = '';
      while (Date.now() < deadline) {
        status = (await paymentsPage.row(page).getAttribute('data-status')) ?? '';
        if (status === 'settled') break;
        await page.waitForTimeout(10_000);
        if (Date.now() < deadline) await paymentsPage.openList(page, { q: PAYEE, period: 'today' });
      }
      assert.equal(status, 'settled');
      await shot(page, 'payments-settled-light');
    });

    it('shows it in the pay-out balance and in the account statement', async () => {
      await page.goto(url('/transactions/balance?period=today'));
      const settledAfter = await settledPayoutEur(page);
      assert.equal(
        settledAfter - settledBefore,
        toMinor('1234.56', 'EUR'),
        'settled pay-outs grew by the payment',
      );
      await shot(page, 'payments-balance-light');
      const statement = await page.evaluate(async (payee) => {
        const token = sessionStorage.getItem('id_token') ?? '';
        const headers = {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Timezone: '0',
        };
        const wallets = (await (
          await fetch('/api/wallets/1/50', { method: 'POST', headers, body: '{}' })
        ).json()) as {
          wallets: { uuid: string; balances: { currency: string }[] }[];
        };
        const today = new Date().toISOString().slice(0, 10);
        for (const w of wallets.wallets.filter((x) => x.balances.some((b) => b.currency === 'EUR'))) {
          const body = JSON.stringify({
            wallet_uuid: w.uuid,
            date_from: today,
            date_to: today,
            format: 'csv',
          });
          const text = await (
            await fetch('/api/wallets/statements', { method: 'POST', headers, body })
          ).text();
          if (text.includes(payee)) return text;
        }
        return '';
      }, PAYEE);
      assert.ok(statement.includes(PAYEE), 'the statement lists the payment');
      assert.match(statement, /-?1234\.56/);
    });

    it('looks right in Russian too', async () => {
      const ru = await newPage({ theme: 'light', language: 'ru' });
      await loginAs(ru.page, master);
      await paymentsPage.openList(ru.page, { q: PAYEE, period: 'today' });
      await ru.page.getByRole('heading', { name: 'Все платежи' }).waitFor();
      assert.equal(await paymentsPage.row(ru.page).getAttribute('data-status'), 'settled');
      assert.match((await paymentsPage.row(ru.page).textContent()) ?? '', /Исполнен/);
      await shot(ru.page, 'payments-list-ru-light');
      await ru.context.close();
    });
  });
});
