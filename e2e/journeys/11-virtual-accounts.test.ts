import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { tinyPdf, typedDate } from '../support/boarding-pages.ts';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { type DemoLogin, demoLoginByRole, freshTotp, loginAs } from '../support/login.ts';

after(closeBrowser);

interface WalletRow {
  id: number;
  uuid: string;
  ui_name: string;
  balances: { currency: string; balance: string }[];
}

const tokenOf = async (page: Page) => {
  const token = await page.evaluate(() => sessionStorage.getItem('id_token'));
  assert.ok(token);
  return token;
};

async function eurWallet(token: string) {
  const r = await api<{ wallets: WalletRow[] }>('POST', '/wallets/1/100', { token, body: {} });
  assert.equal(r.status, 200);
  const wallet = r.body.wallets.find((w) => w.balances.some((b) => b.currency === 'EUR'));
  assert.ok(wallet, 'an EUR wallet');
  const balance = wallet.balances.find((b) => b.currency === 'EUR')?.balance ?? '0';
  return { ...wallet, minor: BigInt(balance.replace('.', '')) };
}

/** Page object of the VA screens. */
const va = {
  /** Password and a fresh code (may wait for the next 30 s step), then the call it confirms. */
  async confirm(page: Page, user: DemoLogin, call: string) {
    await page.getByTestId('va-confirm-password').waitFor();
    await page.getByTestId('va-confirm-password').fill(user.password);
    const code = await freshTotp(user.totpSecret ?? '');
    await page.getByTestId('va-confirm-code').locator('input').first().click();
    await page.keyboard.type(code);
    const answer = page.waitForResponse((r) => r.url().includes(call) && r.request().method() === 'POST');
    await page.getByTestId('va-confirm-submit').click();
    return answer;
  },
  field: (page: Page, path: string) => page.getByTestId(`va-field-${path}`),
  async fillCorporate(page: Page, customerName: string) {
    const f = (path: string, value: string) => va.field(page, path).fill(value);
    await f('corporate_customer_name', customerName);
    await f('incorporation_number', '09876543');
    await f('incorporation_country_code', 'GB');
    // Dates are typed in the locale's format (en-gb: dd/mm/yyyy); the form keeps ISO.
    await f('incorporation_date', typedDate('2015-04-01'));
    await f('trading_website', 'https://harbour-foods.example');
    await f('expected_turnover', '120000');
    await f('client_customer_id', 'harbour-001');
    await f('email', 'ap@harbour-foods.example');
    await f('industry_type', 'Food wholesale');
    await f('tax_residency_country', 'GB');
    await f('address.country_code', 'GB');
    await f('address.city', 'Bristol');
    await f('address.street', '12 Quay St');
    await f('address.zip', 'BS1 4DJ');
    await f('ultimate_beneficial_owners.0.name', 'Grace Harbour');
    await f('ultimate_beneficial_owners.0.birth_date', typedDate('1979-09-12'));
    await f('ultimate_beneficial_owners.0.ownership', '75');
    await page.getByTestId('va-pep-0').getByText('No', { exact: true }).click();
  },
};

describe('virtual accounts', () => {
  let master: DemoLogin;
  let vaNumber = '';
  const customer = 'Harbour Foods & Co Ltd';

  it('the Master User requests a corporate VA, staff approve it, a pay-in credits the wallet, the user closes it (dark, en-gb, 1440 px)', async () => {
    master = demoLoginByRole(/Master User/);
    const admin = demoLoginByRole(/^Admin/);
    const { page, context } = await newPage({ theme: 'dark', language: 'en-gb' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, master);
    const token = await tokenOf(page);
    const wallet = await eurWallet(token);

    // From the account details to its virtual accounts: the groups staff assigned are listed.
    await page.goto(url(`/acclst/${wallet.uuid}`));
    await page.getByTestId('va-card').waitFor();
    await page.getByTestId('va-open').click();
    await page.getByTestId('va-groups').getByText('UK accounts').waitFor();
    await shot(page, 'va-list-empty-dark-en');

    // The corporate form: the domain's rules answer before anything is sent.
    await page.getByTestId('va-new-corporate').click();
    await page.getByTestId('va-form-corporate').waitFor();
    await page.getByTestId('va-form-submit').click();
    await page.getByText('Field is required.').first().waitFor();
    await va.fillCorporate(page, customer);
    await va.field(page, 'expected_turnover').fill('-5');
    await page.getByTestId('va-add-param').click();
    await page.getByTestId('va-param-name-0').fill('Local Name');
    await page.getByTestId('va-form-submit').click();
    await page.getByText('Turnover cannot be negative.').waitFor();
    await page.getByText('Use a camelCase name, e.g. localFirstName.').waitFor();
    await page.getByText('A value is required when the name is filled.').waitFor();
    await page.getByText('On bank rails the name reads: Harbour Foods and Co Ltd').waitFor();
    await shot(page, 'va-form-errors-dark-en');
    await va.field(page, 'expected_turnover').fill('120000');
    await page.getByTestId('va-param-name-0').fill('localTradingName');
    await page.getByTestId('va-param-value-0').fill('Harbour Foods');

    // Documents: a file that only pretends to be a PDF is refused by its content and nothing is
    // attached; a real certificate is uploaded, checked and listed as the main document.
    const fileInput = page.getByTestId('va-documents').locator('input[type="file"]');
    const refused = page.waitForResponse((r) => r.url().includes('/api/wallets/ibans/documents/upload'));
    await fileInput.setInputFiles({
      name: 'certificate.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n'),
    });
    assert.equal((await refused).status(), 417);
    await page.getByTestId('va-doc-error').getByText('The file content is not a valid PDF file.').waitFor();
    assert.equal(await page.getByTestId('va-doc-row').count(), 0);
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/wallets/ibans/documents/upload'));
    await fileInput.setInputFiles({
      name: 'Harbour certificate of incorporation.pdf',
      mimeType: 'application/pdf',
      buffer: tinyPdf('Certificate of incorporation'),
    });
    assert.equal((await uploaded).status(), 200);
    const attached = page
      .getByTestId('va-doc-row')
      .filter({ hasText: 'Harbour certificate of incorporation.pdf' });
    await attached.getByText('Main document').waitFor();
    await attached.getByText(/Certificate of incorporation · \d+ KB/).waitFor();
    await page.getByTestId('va-doc-error').waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'va-form-document-dark-en');
    // One challenge per submit: confirming in the dialog must not submit the form around it again.
    let challenges = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/wallets/ibans/challenge')) challenges++;
    });
    await page.getByTestId('va-form-submit').click();
    const createdAnswer = await va.confirm(page, master, '/api/wallets/ibans/requests/create/corporate');
    assert.equal(createdAnswer.status(), 200, await createdAnswer.text());
    const requestUuid = (await createdAnswer.json()).iban_request.uuid as string;
    await page.getByTestId('va-request-status').getByText('Created').waitFor();
    assert.equal(challenges, 1);
    // The request details list the document with a download only the company and staff can fetch.
    const requestDoc = page
      .getByTestId('va-document')
      .filter({ hasText: 'Harbour certificate of incorporation.pdf' });
    await requestDoc.waitFor();
    const ownDownload = page.waitForEvent('download');
    await requestDoc.getByTestId('va-document-download').click();
    assert.equal((await ownDownload).suggestedFilename(), 'Harbour certificate of incorporation.pdf');
    await shot(page, 'va-request-created-dark-en');

    // Staff approve it in the operator console; approval allocates the number.
    const staff = await newPage({ theme: 'dark', language: 'en-gb' });
    await staff.page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(staff.page, admin);
    await staff.page.goto(url('/operator/virtual-accounts'));
    const row = staff.page.getByTestId('op-va-request').filter({ hasText: customer });
    await row.waitFor();
    // Staff read the attached document before deciding.
    await row.getByTestId('op-va-documents').click();
    const staffDoc = staff.page
      .getByTestId('op-va-documents-modal')
      .getByTestId('va-document')
      .filter({ hasText: 'Harbour certificate of incorporation.pdf' });
    await staffDoc.waitFor();
    await shot(staff.page, 'va-operator-documents-dark-en');
    const staffDownload = staff.page.waitForEvent('download');
    await staffDoc.getByTestId('va-document-download').click();
    assert.equal((await staffDownload).suggestedFilename(), 'Harbour certificate of incorporation.pdf');
    await staff.page.keyboard.press('Escape');
    await staff.page.getByTestId('op-va-documents-modal').waitFor({ state: 'detached' });
    await shot(staff.page, 'va-operator-review-dark-en');
    const approved = staff.page.waitForResponse((r) =>
      r.url().includes(`/api/operator/va_requests/decide/${requestUuid}`),
    );
    await row.getByTestId('op-va-approve').click();
    const approvedAnswer = await approved;
    assert.equal(approvedAnswer.status(), 200, await approvedAnswer.text());
    vaNumber = (await approvedAnswer.json()).iban_request.iban_number as string;
    assert.match(vaNumber, /^GB\d{2}CLRL040075\d{8}$/);

    // The VA appears under the wallet; its banking details are still syncing.
    await page.goto(url(`/acclst/${wallet.uuid}/virtual-accounts`));
    const vaRow = page.getByTestId('va-row').filter({ hasText: customer });
    await vaRow.waitFor();
    await vaRow.getByTestId('va-status').getByText('Active').waitFor();
    await shot(page, 'va-list-active-dark-en');
    await vaRow.getByTestId('va-row-menu').click();
    await page.getByTestId('va-info').click();
    await page
      .getByTestId('va-info-error')
      .getByText(/retry in a couple of minutes/)
      .waitFor();
    await shot(page, 'va-info-syncing-dark-en');
    await page.keyboard.press('Escape');

    // A simulated pay-in to the VA number credits the wallet.
    await staff.page.getByTestId('op-va-payin-va_number').fill(vaNumber);
    await staff.page.getByTestId('op-va-payin-amount').fill('250.00');
    await staff.page.getByTestId('op-va-payin-submit').click();
    await staff.page.getByTestId('op-va-payin-result').getByText('Credited to the account.').waitFor();
    // The pay-in is a settled payment of this wallet naming the VA and its customer (demo payouts
    // settle in the background, so the balance itself is not compared).
    const listed = await api<{
      total: number;
      payments: { amount: string; status: string; comments: string; wallet_id: string }[];
    }>('POST', '/payments/list/all/1/10', { token, body: { virtual_account: vaNumber } });
    assert.equal(listed.body.total, 1);
    assert.equal(listed.body.payments[0]?.status, 'settled');
    assert.match(listed.body.payments[0]?.comments ?? '', /Harbour Foods & Co Ltd/);

    // From the VA to its payments: the list is filtered by the VA number (URL state).
    await vaRow.getByTestId('va-row-menu').click();
    await page.getByTestId('va-payments').click();
    await page.waitForURL(/[?&]va=/);
    await page.getByText('Customer payer').first().waitFor();
    await shot(page, 'va-payments-filtered-dark-en');
    await page.goto(url(`/acclst/${wallet.uuid}/virtual-accounts`));
    await vaRow.waitFor();

    // The user closes it with a reason; closing is irreversible.
    await vaRow.getByTestId('va-row-menu').click();
    await page.getByTestId('va-close').click();
    await page.getByTestId('va-close-warning').waitFor();
    await shot(page, 'va-close-dialog-dark-en');
    await page.getByTestId('va-action-continue').click();
    const closed = await va.confirm(page, master, '/api/wallets/ibans/actions/close/');
    assert.equal(closed.status(), 200, await closed.text());
    await vaRow.getByTestId('va-status').getByText('Closed').waitFor();
    await vaRow.getByTestId('va-reason').getByText('Closed by client').waitFor();
    await shot(page, 'va-list-closed-dark-en');

    // A pay-in to the closed VA is returned and moves no money.
    await staff.page.getByTestId('op-va-payin-submit').click();
    await staff.page.getByTestId('op-va-payin-result').getByText('Returned: the VA is not active.').waitFor();
    const both = await api<{ payments: { status: string }[] }>('POST', '/payments/list/all/1/10', {
      token,
      body: { virtual_account: vaNumber },
    });
    assert.deepEqual(both.body.payments.map((p) => p.status).sort(), ['returned', 'settled']);
    await staff.context.close();
    await context.close();
  });

  it('reads in Russian on a light theme: list, requests, details, forms (390 px and 1440 px)', async () => {
    const { page, context } = await newPage({ theme: 'light', language: 'ru' });
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, master);
    const wallet = await eurWallet(await tokenOf(page));
    await page.goto(url(`/acclst/${wallet.uuid}/virtual-accounts?status=closed`));
    const closedRow = page.getByTestId('va-row').first();
    await closedRow.getByTestId('va-status').getByText('Закрыт').waitFor();
    // The closing reason by its meaning, not as VAAC010 (issue 36).
    await closedRow.getByTestId('va-reason').getByText('Закрыт клиентом').waitFor();
    await shot(page, 'va-list-light-ru-390');
    await page.goto(url(`/acclst/${wallet.uuid}/virtual-accounts/requests`));
    await page.getByTestId('va-request-row').first().waitFor();
    await shot(page, 'va-requests-light-ru-390');
    await page.getByTestId('va-request-row').first().click();
    await page.getByTestId('va-request-number').waitFor();
    await page.getByTestId('va-request-documents').getByText('Основной документ', { exact: false }).waitFor();
    await shot(page, 'va-request-details-light-ru-390');
    await page.goto(url(`/acclst/${wallet.uuid}/virtual-accounts/new/individual`));
    await page.getByTestId('va-form-individual').waitFor();
    await page.getByTestId('va-form-submit').click();
    await page.getByText('Обязательное поле.').first().waitFor();
    await shot(page, 'va-form-individual-light-ru-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(url(`/acclst/${wallet.uuid}/virtual-accounts/new/corporate`));
    await page.getByTestId('va-form-corporate').waitFor();
    await shot(page, 'va-form-corporate-light-ru-1440');
    await page.goto(url(`/acclst/${wallet.uuid}/virtual-accounts`));
    await page.getByTestId('va-row').first().waitFor();
    await shot(page, 'va-list-light-ru-1440');
    await context.close();
  });
});
