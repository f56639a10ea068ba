import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, newPage, shot } from '../support/browser.ts';
import { demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

/** Accounts, statements and dashboard as the demo Master User sees them (issue 4). */
describe('accounts, statements and dashboard', () => {
  let page: Page;
  let context: BrowserContext;
  let fullIban = '';

  before(async () => {
    ({ page, context } = await newPage({ theme: 'dark', language: 'en-gb' }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginAs(page, demoLoginByRole(/Master User/));
  });
  after(() => context?.close());

  it('lists the accounts with IBANs grouped by 4 and balances', async () => {
    await page.getByRole('link', { name: 'Accounts' }).first().click();
    await page.getByTestId('accounts-table').waitFor();
    const rows = page.getByTestId('wallet-row');
    assert.ok((await rows.count()) > 0, 'the demo company has accounts');
    const shown = (await page.getByTestId('wallet-iban').first().textContent()) ?? '';
    assert.match(shown, /^[A-Z]{2}\d{2}( [A-Z0-9]{1,4})+$/, 'IBAN shown in groups of 4');
    fullIban = shown.replace(/\s/g, '');
    await page.getByTestId('wallet-expand').first().click();
    await page.getByTestId('wallet-expanded').waitFor();
    await shot(page, 'accounts-list-dark');
    await expectQuiet(page, 'accounts list');
  });

  it('filters by a full IBAN typed with spaces and lands on page 1 of the URL state', async () => {
    await page.getByTestId('filter-by').click();
    await page.getByRole('option', { name: 'IBAN' }).click();
    const spaced = fullIban.replace(/(.{4})/g, '$1 ').trim();
    await page.getByTestId('filter-value').fill(spaced);
    await page.waitForURL(
      (u) => u.searchParams.get('q') === spaced && u.searchParams.get('by') === 'iban_number',
    );
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="wallet-row"]').length === 1);
    const current = new URL(page.url());
    assert.equal(current.searchParams.get('page'), null, 'a full IBAN forces page 1');
    assert.equal(
      ((await page.getByTestId('wallet-iban').first().textContent()) ?? '').replace(/\s/g, ''),
      fullIban,
    );
    await shot(page, 'accounts-filter-iban');
  });

  it('opens the account with every balance kind, IBANs and sub-accounts', async () => {
    await page.getByTestId('wallet-name').first().click();
    await page.getByTestId('balances-card').waitFor();
    await page.getByTestId('iban-row').first().waitFor();
    await page.getByTestId('subaccounts-card').waitFor();
    assert.match(new URL(page.url()).pathname, /^\/acclst\/[0-9a-f-]{36}$/);
    assert.ok((await page.locator('[data-testid^="balance-opening-"]').count()) > 0, 'opening balance shown');
    await shot(page, 'account-details');
    await expectQuiet(page, 'account details');
  });

  it('downloads a CSV statement with progress and checks its rows', async () => {
    await page.getByTestId('open-statement').click();
    await page.getByTestId('statement-form').waitFor();
    await page.getByTestId('statement-period').click();
    await page.getByRole('option', { name: 'This year' }).click();
    await page.getByTestId('statement-format').getByText('CSV', { exact: true }).click();
    await shot(page, 'statement-dialog');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('statement-download').click(),
    ]);
    await page.getByTestId('download-done').waitFor();
    assert.match(download.suggestedFilename(), /\.csv$/);
    const file = await download.path();
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
    const header = lines[0]?.split(',') ?? [];
    for (const column of ['booking_date', 'value_date', 'currency', 'amount', 'balance'])
      assert.ok(header.includes(column), `CSV has column ${column}`);
    const entries = lines.filter((line) => line.split(',')[1] === 'entry');
    assert.ok(entries.length > 0, 'the statement has entry rows');
    const amountIndex = header.indexOf('amount');
    for (const line of entries.slice(0, 20)) {
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, '')) ?? [];
      assert.match(cells[amountIndex] ?? '', /^-?\d+(\.\d+)?$/, `amount is a decimal string: ${line}`);
    }
    await shot(page, 'statement-downloaded');
    await page.keyboard.press('Escape');
  });

  it('shows the closing daily balances of the company', async () => {
    await page.goto(new URL('/acclst/daily-balances', page.url()).toString());
    await page.getByTestId('daily-table').waitFor();
    await shot(page, 'daily-balances');
    await expectQuiet(page, 'closing daily balances');
  });

  it('shows the dashboard with the payment status chart', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByTestId('widget-chart').waitFor();
    await page.getByTestId('status-chart').waitFor();
    await page.getByTestId('widget-balances').getByRole('link').nth(1).waitFor();
    const chartCell = page.locator('[data-widget="Chart"]');
    assert.equal(await chartCell.getAttribute('data-cells'), '2', 'a Chart of 3 months spans 2 cells');
    await page.getByTestId('chart-group-by').getByText('Amount').click();
    await page.getByTestId('status-chart').waitFor();
    await shot(page, 'dashboard-dark');
  });
});
