import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { approveInDialog } from '../support/approval.ts';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { HOME_COMPANY as HOME, MERCHANT_COMPANY as MERCHANT, switchCompany } from '../support/company.ts';
import { type DemoLogin, demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

const HEADER = 'payment_method,currency,amount,payee,iban,bic,sort_code,account_number,reference';

/** 50 SEPA rows; `bad` puts a wrong IBAN, a decimal comma and a formula into rows 10, 20 and 30. */
function batchCsv(bad: boolean): Buffer {
  const rows = Array.from({ length: 50 }, (_, i) => {
    const n = i + 1;
    let iban = 'DE89370400440532013000';
    let amount = `${(n % 9) + 1}.25`;
    let payee = `Seller ${n}`;
    if (bad && n === 10) iban = 'DE00370400440532013000';
    if (bad && n === 20) amount = '"12,50"';
    if (bad && n === 30) payee = '=HYPERLINK(1)';
    return `SEPA,EUR,${amount},${payee},${iban},,,,Payout ${n}`;
  });
  return Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`);
}

async function upload(page: Page, name: string, bytes: Buffer) {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/payout_terminal/batches') && r.request().method() === 'POST',
  );
  await page.getByTestId('bulk-dropzone').locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: bytes,
  });
  const r = await answer;
  assert.equal(r.status(), 200, await r.text());
  return (await r.json()).batch as { id: string };
}

describe('MerchantService pay-out terminal (bulk pay-outs)', () => {
  it('uploads 50 rows with 3 bad ones, sees them per row, uploads the fixed file, confirms once with TOTP, watches progress and downloads the report', async () => {
    const master: DemoLogin = demoLoginByRole(/Master User/);
    const { page, context } = await newPage({
      theme: 'dark',
      language: 'en-gb',
      viewport: { width: 1440, height: 900 },
    });
    let batchId = '';
    try {
      await loginAs(page, master);
      await page.getByTestId('company-switcher').waitFor();
      await switchCompany(page, MERCHANT);
      await page.locator('[data-menu-item="payoutTerminal"]').click();
      await page.getByTestId('bulk-dropzone').waitFor();

      await upload(page, 'payouts.csv', batchCsv(true));
      await page.locator('[data-testid="bulk-status"][data-status="invalid"]').waitFor();
      await page.getByTestId('bulk-issue').nth(2).waitFor();
      assert.equal(await page.getByTestId('bulk-issue').count(), 3);
      await page.getByText('Write the amount with a decimal point (1250.50), not a comma: 12,50.').waitFor();
      await expectQuiet(page, 'pay-out terminal with row errors');
      await shot(page, 'payout-terminal-errors-dark-en-1440');

      const fixed = await upload(page, 'payouts-fixed.csv', batchCsv(false));
      batchId = fixed.id;
      await page.locator('[data-testid="bulk-status"][data-status="validated"]').waitFor();
      assert.equal(await page.getByTestId('bulk-issue').count(), 0);

      await page.getByTestId('bulk-confirm').click();
      // approveInDialog waits for a fresh authenticator step (up to 30 s) before it confirms.
      const confirmed = page.waitForResponse((r) => r.url().endsWith(`/batches/${batchId}/confirm`), {
        timeout: 60_000,
      });
      await approveInDialog(page, master, 'bulk');
      assert.equal((await confirmed).status(), 200);
      await page.getByTestId('bulk-progress').waitFor();
      await page.locator('[data-testid="bulk-status"][data-status="completed"]').waitFor({ timeout: 30_000 });
      await page.getByText('50 of 50 payments made').waitFor();
      await expectQuiet(page, 'pay-out terminal after the batch ran');
      await shot(page, 'payout-terminal-completed-dark-en-1440');

      const download = page.waitForEvent('download');
      await page.getByTestId('bulk-report').click();
      const file = await (await download).path();
      const report = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
      assert.equal(report.length, 51);
      assert.match(report[0] ?? '', /^row,payment_method,currency,amount/);
      // The demo merchant is funded: all 50 payments were created and approved (result 'pending' =
      // approved and sent to the rail), none left 'created' for insufficient balance.
      const columns = (report[0] ?? '').split(',');
      const result = columns.indexOf('result');
      const results = report.slice(1).map((line) => line.split(',')[result]);
      assert.deepEqual(
        {
          approved: results.filter((r) => r === 'pending').length,
          notApproved: results.filter((r) => r === 'created').length,
        },
        { approved: 50, notApproved: 0 },
      );
      assert.equal(await page.getByText('not approved (insufficient balance)', { exact: false }).count(), 0);
    } finally {
      await switchCompany(page, HOME).catch(() => undefined);
      await context.close();
    }

    // The same batch in Russian, light theme, on a phone.
    const phone = await newPage({ theme: 'light', language: 'ru', viewport: { width: 390, height: 844 } });
    try {
      await loginAs(phone.page, master);
      await phone.page.getByTestId('company-switcher').waitFor();
      await switchCompany(phone.page, MERCHANT);
      await phone.page.goto(url(`/payout-terminal?batch=${batchId}`));
      await phone.page.locator('[data-testid="bulk-status"][data-status="completed"]').waitFor();
      await phone.page.getByText('Создано платежей: 50 из 50').waitFor();
      await expectQuiet(phone.page, 'pay-out terminal in Russian on a phone');
      await shot(phone.page, 'payout-terminal-completed-light-ru-390');
    } finally {
      await switchCompany(phone.page, HOME).catch(() => undefined);
      await phone.context.close();
    }
  });
});
