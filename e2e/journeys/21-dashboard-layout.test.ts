import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, newPage, shot } from '../support/browser.ts';
import { demoLogin, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

const MASTER = 'master@northwind.example';

/** Widget types of the shown dashboard slide, in cell order. */
const shownWidgets = (page: Page) =>
  page
    .getByTestId('dashboard-grid')
    .evaluate((grid) =>
      [...grid.querySelectorAll('[data-widget]')].map((el) => el.getAttribute('data-widget')),
    );

async function openEditor(page: Page) {
  await page.getByTestId('layout-edit').click();
  await page.getByTestId('layout-editor').waitFor();
}

/**
 * Dashboard layout editor, List of Contacts, Features and Alerts (issue 18). The Master User
 * rearranges the dashboard with the keyboard-usable buttons, reloads, and finds it kept.
 */
describe('dashboard layout and company information', () => {
  let page: Page;
  let context: BrowserContext;

  before(async () => {
    ({ page, context } = await newPage({
      theme: 'dark',
      language: 'en-gb',
      viewport: { width: 1440, height: 900 },
    }));
    await loginAs(page, demoLogin(MASTER));
  });
  after(() => context?.close());

  it('moves, removes and adds back a widget; the layout survives a reload', async () => {
    await page.getByTestId('dashboard-grid').waitFor();
    assert.deepEqual(await shownWidgets(page), ['Balances', 'Chart', 'RecentPayments']);
    await openEditor(page);
    // The keyboard does it: focus the button and press Enter.
    await page.getByRole('button', { name: 'Move Available balances later' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove Recent payments' }).click();
    await page.getByTestId('layout-row-RecentPayments').waitFor({ state: 'detached' });
    await page.getByTestId('layout-add-select').click();
    await page.getByRole('option', { name: 'Recent payments' }).click();
    await page.getByTestId('layout-add').click();
    await page.getByTestId('layout-row-RecentPayments').waitFor();
    await shot(page, 'dashboard-layout-editor-dark-en');
    await page.getByTestId('layout-save').click();
    await page.getByText('The dashboard layout was saved.').waitFor();
    await page.reload();
    await page.getByTestId('dashboard-grid').waitFor();
    await page.locator('[data-widget="Chart"]').waitFor();
    assert.deepEqual(await shownWidgets(page), ['Chart', 'Balances', 'InstantFx']);
    await page.getByRole('button', { name: 'Next slide' }).click();
    // The demo company is live with every go-live step done (issue 36): the checklist says so.
    await page
      .getByTestId('widget-checklist')
      .getByText('Every item is done. Your company is live.')
      .waitFor();
    assert.deepEqual(await shownWidgets(page), ['Checklist', 'RecentPayments']);
    await shot(page, 'dashboard-checklist-dark-en');
  });

  it('opens List of Contacts and Features and Alerts from the menu, quietly', async () => {
    await page.getByRole('link', { name: 'List of Contacts' }).first().click();
    await page.getByTestId('contacts-list').getByText('ops@northwind.example').waitFor();
    // Every issue type has a contact in the live demo company: nothing is reported missing.
    assert.equal(await page.getByTestId('contacts-missing').count(), 0);
    await expectQuiet(page, 'list of contacts');
    await shot(page, 'company-contacts-dark-en');
    await page.getByRole('link', { name: 'Features and Alerts' }).first().click();
    await page.getByTestId('alert-documentExpiring').waitFor();
    await page.getByTestId('limits').getByText('0.15% per pay-out, minimum GBP 1.00').waitFor();
    await expectQuiet(page, 'features and alerts');
    await shot(page, 'company-features-alerts-dark-en');
  });

  it('restores the default layout for the journeys after this one', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByTestId('dashboard-grid').waitFor();
    await openEditor(page);
    await page.getByTestId('layout-default').click();
    await page.getByTestId('layout-save').click();
    await page.getByText('The dashboard layout was saved.').waitFor();
    await page.locator('[data-widget="Balances"]').waitFor();
    assert.deepEqual(await shownWidgets(page), ['Balances', 'Chart', 'RecentPayments']);
  });
});

describe('company information on a phone, in Russian and the light theme', () => {
  let page: Page;
  let context: BrowserContext;

  before(async () => {
    ({ page, context } = await newPage({
      theme: 'light',
      language: 'ru',
      viewport: { width: 390, height: 844 },
    }));
    await loginAs(page, demoLogin(MASTER));
  });
  after(() => context?.close());

  const noSideScroll = async (what: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${what} scrolls sideways by ${overflow}px at 390 px`);
  };

  it('shows the contacts, the alerts and the provider contacts without sideways scrolling', async () => {
    await page.goto(new URL('/company/contacts', page.url()).toString());
    await page.getByTestId('contacts-list').getByText('ops@northwind.example').waitFor();
    await page.getByText('Список контактов').first().waitFor();
    await noSideScroll('List of Contacts');
    await shot(page, 'company-contacts-phone-light-ru');
    await page.goto(new URL('/company/features-alerts', page.url()).toString());
    await page.getByTestId('alert-documentExpiring').getByText('Скоро истекает документ').waitFor();
    await noSideScroll('Features and Alerts');
    await shot(page, 'company-features-alerts-phone-light-ru');
    await page.goto(new URL('/company/provider-contacts', page.url()).toString());
    await page.getByTestId('provider-support').getByText('support@clearline.example').waitFor();
    await noSideScroll('Provider contacts');
    await shot(page, 'company-provider-contacts-phone-light-ru');
  });
});
