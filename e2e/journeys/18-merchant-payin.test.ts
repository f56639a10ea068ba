import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { HOME_COMPANY as HOME, MERCHANT_COMPANY as MERCHANT, switchCompany } from '../support/company.ts';
import { type DemoLogin, demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

describe('MerchantService pay-in terminal', () => {
  it('the master switches to the merchant company, creates a payment request, the customer pays on the hosted page (simulator) and the request is matched', async () => {
    const master: DemoLogin = demoLoginByRole(/Master User/);
    const { page, context } = await newPage({
      theme: 'dark',
      language: 'en-gb',
      viewport: { width: 1440, height: 900 },
    });
    try {
      await loginAs(page, master);
      await page.getByTestId('company-switcher').waitFor();
      await switchCompany(page, MERCHANT);
      // The menu follows the service type: the terminals appear for the MerchantService company.
      await page.locator('[data-menu-item="payinTerminal"]').click();
      await page.getByTestId('pr-new').click();
      const dialog = page.getByTestId('pr-create-dialog');
      await dialog.getByTestId('pr-amount').fill('125.50');
      await dialog.getByTestId('pr-reference').fill('ORDER-1844');
      await dialog.getByTestId('pr-customer-name').fill('Jane Customer');
      await dialog.getByTestId('pr-customer-email').fill('jane.customer@example.com');
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/payment_requests') && r.request().method() === 'POST',
      );
      await dialog.getByTestId('pr-create-submit').click();
      const answer = await created;
      assert.equal(answer.status(), 200, await answer.text());
      const request = (await answer.json()).payment_request as { link: string; payment_reference: string };
      const details = page.getByTestId('pr-details');
      await details.getByTestId('pr-link').waitFor();
      await details.locator('[data-status="open"]').waitFor();
      await shot(page, 'payin-terminal-request-dark-en-1440');

      // The customer: no login, another browser context, Russian, light theme, a phone.
      const customer = await newPage({
        theme: 'light',
        language: 'ru',
        viewport: { width: 390, height: 844 },
      });
      try {
        const path = new URL(request.link).pathname;
        assert.match(path, /^\/pay\/[A-Za-z0-9_-]{43}$/);
        await customer.page.goto(url(path));
        await customer.page.getByTestId('hosted-reference').getByText(request.payment_reference).waitFor();
        await customer.page.getByTestId('hosted-epc').waitFor();
        await customer.page.getByText('Оплатить через банк (симулятор)').waitFor();
        await expectQuiet(customer.page, 'hosted payment page');
        await shot(customer.page, 'payin-hosted-light-ru-390');
        const paid = customer.page.waitForResponse((r) => r.url().endsWith('/simulate'));
        await customer.page.getByTestId('hosted-pay-sim').click();
        assert.equal((await paid).status(), 200);
        await customer.page.getByTestId('hosted-paid').waitFor();
        await shot(customer.page, 'payin-hosted-paid-light-ru-390');
      } finally {
        await customer.context.close();
      }

      // The merchant sees it matched by reference without reloading.
      await details.locator('[data-status="paid"]').waitFor({ timeout: 20_000 });
      await details.getByTestId('pr-payins').getByText('by reference').waitFor();
      await page.getByTestId('pr-list').locator('[data-status="paid"]').first().waitFor({ timeout: 20_000 });
      await expectQuiet(page, 'pay-in terminal with a request open');
      await shot(page, 'payin-terminal-paid-dark-en-1440');
      await page.keyboard.press('Escape');
    } finally {
      // Other journeys expect the master user on the AccountService company.
      await switchCompany(page, HOME).catch(() => undefined);
      await context.close();
    }
  });
});
