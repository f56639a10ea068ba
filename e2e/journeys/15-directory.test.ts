import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, newPage, shot } from '../support/browser.ts';
import { demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('textbox', { name: label }).click();
  await page
    .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
    .click();
  await page.keyboard.press('Escape');
}

/** The crypto-sector directory (spec §1, §6; issue 18): the Master User joins, changes, leaves. */
describe('directory', () => {
  let page: Page;
  let context: BrowserContext;

  before(async () => {
    ({ page, context } = await newPage({ theme: 'dark', language: 'en-gb' }));
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, demoLoginByRole(/Master User/));
  });
  after(() => context?.close());

  it('shows the published members and finds one by search, quietly', async () => {
    await page.getByRole('link', { name: 'View Directory' }).first().click();
    await page.getByTestId('directory-own').getByText('Your company is not in the directory.').waitFor();
    await page.getByText('Harbour OTC').waitFor();
    await expectQuiet(page, 'directory');
    await page.getByRole('textbox', { name: 'Search' }).fill('baltic');
    await page.waitForURL((u) => u.searchParams.get('search') === 'baltic');
    await page.getByTestId('directory-total').getByText('1 company').waitFor();
    assert.equal(await page.getByTestId('directory-entry').count(), 1);
    await page.getByTestId('directory-entry').getByText('Baltic Ledger Custody').waitFor();
    await shot(page, 'directory-search-dark-en');
  });

  it('joins with a profile; script in the description is shown as text', async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.waitForURL((u) => !u.searchParams.has('search'));
    await page.getByTestId('directory-own').getByRole('button', { name: 'Join' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the directory' });
    await dialog.waitFor();
    // Nothing chosen: the form says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Join' }).click();
    await dialog.getByText('This field is required.').first().waitFor();
    await dialog.getByRole('textbox', { name: 'Name shown in the directory' }).fill('Northwind Treasury');
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .fill('Supplier payments in USDT. <script>alert(1)</script>');
    await pick(page, 'Services', 'Payments');
    // Named by the server's currency list once it answers ("USDT — Tether USD"), by its code before.
    await pick(page, 'Currencies', /^USDT( — |$)/);
    await dialog.getByRole('textbox', { name: 'Website' }).fill('http://northwind.example');
    await dialog.getByRole('button', { name: 'Join' }).click();
    await dialog.getByText('Use an https address such as https://example.com.').waitFor();
    await dialog.getByRole('textbox', { name: 'Website' }).fill('https://northwind.example');
    await shot(page, 'directory-join-dialog-dark-en');
    await dialog.getByRole('button', { name: 'Join' }).click();
    await page.getByText('Your company joined the directory.').waitFor();
    await page.getByTestId('directory-own').getByText('Published').waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill('northwind treasury');
    const card = page.getByTestId('directory-entry').filter({ hasText: 'Northwind Treasury' });
    await card.waitFor();
    await card.getByText('<script>alert(1)</script>', { exact: false }).waitFor();
  });

  it('changes the details and keeps them after a reload', async () => {
    await page.getByTestId('directory-own').getByRole('button', { name: 'Change details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your directory details' });
    await dialog
      .getByRole('textbox', { name: 'Name shown in the directory' })
      .fill('Northwind Treasury Desk');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Directory details saved.').waitFor();
    await page.reload();
    await page.getByTestId('directory-own').getByText('Northwind Treasury Desk').waitFor();
  });

  it('fits a phone: cards stack, nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('directory-own').waitFor();
    // Give the layout its reflow at the new width before measuring (a wait for the condition, bounded).
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth + 1, null, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    await shot(page, 'directory-phone-dark-en');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `page scrolls sideways by ${overflow}px at 390 px`);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('leaves the directory', async () => {
    await page.getByTestId('directory-own').getByRole('button', { name: 'Leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the directory' });
    await dialog.getByText('Northwind Treasury Desk will be removed').waitFor();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.getByText('Your company left the directory.').waitFor();
    await page.getByTestId('directory-own').getByText('Your company is not in the directory.').waitFor();
  });
});

describe('directory for a Standard User, in Russian and the light theme', () => {
  let page: Page;
  let context: BrowserContext;

  before(async () => {
    ({ page, context } = await newPage({ theme: 'light', language: 'ru' }));
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, demoLoginByRole(/Standard User/));
  });
  after(() => context?.close());

  it('may read the directory but is told only the Master User may join', async () => {
    await page.goto(new URL('/cjclique?dialog=join', page.url()).toString());
    await page.getByText('Только Master User может выполнить эту операцию.').first().waitFor();
    await page.waitForURL((u) => !u.searchParams.has('dialog'));
    assert.equal(await page.getByRole('dialog').count(), 0, 'no join form for a Standard User');
    await page.getByText('Harbour OTC').waitFor();
    await shot(page, 'directory-light-ru');
  });

  it('opening an exchange without the Instant FX right says whom to ask, with no error', async () => {
    await page.goto(new URL('/fx?dialog=instant', page.url()).toString());
    await page.getByTestId('fx-no-rights').getByText('Обмен вам недоступен').waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0, 'no empty exchange dialog');
    assert.equal(await page.getByTestId('fx-open-instant').count(), 0, 'no exchange button');
    // The pairs call answered 403 behind an empty dialog and a "Something went wrong" toast.
    await page.waitForTimeout(500);
    assert.equal(await page.getByText('Что-то пошло не так').count(), 0, 'no error toast');
  });
});

describe('directory in Arabic, right to left', () => {
  let page: Page;
  let context: BrowserContext;

  before(async () => {
    ({ page, context } = await newPage({ theme: 'dark', language: 'ar' }));
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, demoLoginByRole(/Standard User/));
  });
  after(() => context?.close());

  it('lays the page out from the right: the menu on the right, the members listed', async () => {
    await page.goto(new URL('/cjclique', page.url()).toString());
    await page.getByText('Harbour OTC').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    // The navigation sits on the right half of the window, the content on the left of it.
    const nav = await page.locator('nav').first().boundingBox();
    assert.ok(nav && nav.x > 1440 / 2, `menu at x=${nav?.x}, expected on the right`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `page scrolls sideways by ${overflow}px in Arabic`);
    await shot(page, 'directory-dark-ar-rtl');
  });
});
