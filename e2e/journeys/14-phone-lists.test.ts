import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

/**
 * Lists on a phone (issue 19): at 390 px the accounts, closing balances, users, invitations and
 * boarding-console lists are cards with the row's facts and actions and nothing scrolls sideways;
 * at 1440 px the same screens keep their tables. The header brand is whole on a phone. Each screen
 * is quiet at rest. Dark/en-gb and light/ru, screenshots in e2e/artifacts/phone-lists-*.
 */
after(closeBrowser);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const LOOKS = [
  { theme: 'dark', language: 'en-gb', lang: 'en-GB' },
  { theme: 'light', language: 'ru', lang: 'ru-RU' },
] as const;

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function assertNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 1, `${screen}: the page scrolls sideways by ${overflow}px`);
}

/** The brand name in the header is neither cut by the window nor clipped by its own box. */
async function assertBrandWhole(page: Page): Promise<void> {
  const brand = page.getByTestId('platform-name');
  await brand.waitFor();
  const box = await brand.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return {
      left: r.left,
      right: r.right,
      clippedX: el.scrollWidth > el.clientWidth + 1,
      clippedY: el.scrollHeight > el.clientHeight + 1,
      width: window.innerWidth,
    };
  });
  assert.ok(box.left >= 0 && box.right <= box.width, `brand inside the window: ${JSON.stringify(box)}`);
  assert.ok(!box.clippedX && !box.clippedY, `brand name not clipped: ${JSON.stringify(box)}`);
}

/** A desktop window, once the side menu has slid in (so a screenshot shows it whole). */
async function toDesktop(page: Page): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.waitForFunction(() => {
    const menu = document.querySelector('[data-testid="side-menu"]');
    return !!menu && Math.abs(menu.getBoundingClientRect().left) < 1;
  });
}

/** Client-side navigation (what a link does), so one login serves several screens. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * The saved profile choice is applied at login; this browser then picks the look to check, as a
 * person does with the header's theme and language controls.
 */
async function applyLook(page: Page, look: (typeof LOOKS)[number]): Promise<void> {
  await page.evaluate(({ theme, language }) => {
    localStorage.setItem('ui_theme', theme);
    localStorage.setItem('ui_language', language);
  }, look);
  await page.reload();
  await page.locator(`html[data-mantine-color-scheme="${look.theme}"][lang="${look.lang}"]`).waitFor({
    state: 'attached',
  });
}

describe('Master User lists on a phone and a desktop', () => {
  let page: Page;
  let context: BrowserContext;
  before(async () => {
    ({ page, context } = await newPage({ viewport: PHONE }));
    await loginAs(page, demoLoginByRole(/Master User/));
  });
  after(() => context?.close());

  for (const look of LOOKS) {
    const tag = `${look.theme}-${look.language}`;

    it(`accounts (${tag}): cards with name, balances, IBAN and status at 390 px; the table at 1440 px`, async () => {
      await page.setViewportSize(PHONE);
      await applyLook(page, look);
      await go(page, '/acclst');
      const cards = page.getByTestId('wallet-cards').locator('[data-list-card]');
      await cards.first().waitFor();
      assert.equal(await page.getByTestId('accounts-table').count(), 0, 'no table on a phone');
      const first = cards.first();
      await first.getByTestId('wallet-name').waitFor();
      assert.match(
        (await first.getByTestId('wallet-iban').textContent()) ?? '',
        /^[A-Z]{2}\d{2}( [A-Z0-9]{1,4})+/,
        'the IBAN grouped by 4 on the card',
      );
      await first.getByTestId('wallet-status').waitFor();
      assert.ok((await first.locator('[data-testid^="balance-"]').count()) > 0, 'balances on the card');
      await assertBrandWhole(page);
      await assertNoSidewaysScroll(page, 'accounts at 390 px');
      // Filters other than the search sit behind one button.
      assert.equal(await page.getByTestId('filter-status').isVisible(), false, 'status filter folded');
      await page.getByTestId('filters-toggle').click();
      await page.getByTestId('filter-status').waitFor({ state: 'visible' });
      await expectQuiet(page, 'accounts cards');
      await shot(page, `phone-lists-accounts-390-${tag}`);
      await page.getByTestId('filters-toggle').click();

      await toDesktop(page);
      await page.getByTestId('accounts-table').waitFor();
      assert.equal(await page.getByTestId('wallet-cards').count(), 0, 'no cards on a desktop');
      await shot(page, `phone-lists-accounts-1440-${tag}`);
    });

    it('tapping an account card opens its details, where daily balances are cards too', async () => {
      await page.setViewportSize(PHONE);
      const card = page.getByTestId('wallet-cards').locator('[data-list-card]').first();
      const uuid = await card.getAttribute('data-uuid');
      await card.click();
      await page.waitForURL((u) => u.pathname === `/acclst/${uuid}`);
      await page.getByTestId('balances-card').waitFor();
      const byAccount = page.getByTestId('daily-by-account');
      await byAccount.waitFor();
      await byAccount.getByTestId('daily-day-cards').or(byAccount.getByText(/.+/).last()).first().waitFor();
      await assertNoSidewaysScroll(page, 'account details at 390 px');
      await expectQuiet(page, 'account details');
      await shot(page, `phone-lists-account-390-${tag}`);
    });

    it('closing balances: cards with account and closing figure, tapping opens the days', async () => {
      await page.setViewportSize(PHONE);
      await go(page, '/acclst/daily-balances');
      const cards = page.getByTestId('daily-cards').locator('[data-list-card]');
      await cards.first().waitFor();
      assert.equal(await page.getByTestId('daily-table').count(), 0, 'no table on a phone');
      assert.match(
        (await cards.first().getByTestId('closing-balance').textContent()) ?? '',
        /\d/,
        'the closing balance on the card',
      );
      await page.getByTestId('daily-total').waitFor();
      await assertNoSidewaysScroll(page, 'closing balances at 390 px');
      await expectQuiet(page, 'closing balances cards');
      await shot(page, `phone-lists-daily-390-${tag}`);
      await cards.first().click();
      await page.getByRole('dialog').getByTestId('daily-by-account').waitFor();
      await shot(page, `phone-lists-daily-drawer-390-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await toDesktop(page);
      await page.getByTestId('daily-table').waitFor();
      await shot(page, `phone-lists-daily-1440-${tag}`);
    });

    it('users: cards with name, status, type and date and the same action menu', async () => {
      await page.setViewportSize(PHONE);
      await go(page, '/users');
      const cards = page.getByTestId('user-cards').locator('[data-list-card]');
      await cards.first().waitFor();
      assert.equal(await page.getByTestId('users-table').count(), 0, 'no table on a phone');
      assert.ok((await cards.count()) >= 2, 'the demo company has several users');
      // The Master User's own card has no actions; another user's card opens the same menu.
      const other = page.getByTestId('user-cards').locator('[data-list-card]:has(button[aria-haspopup])');
      await other.first().locator('button[aria-haspopup]').click();
      await page.getByRole('menuitem').first().waitFor();
      assert.ok((await page.getByRole('menuitem').count()) >= 4, 'edit rights, password, MFA, (de)activate');
      await shot(page, `phone-lists-users-menu-390-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByRole('menuitem').first().waitFor({ state: 'detached' });
      await assertNoSidewaysScroll(page, 'users at 390 px');
      await expectQuiet(page, 'users cards');
      await shot(page, `phone-lists-users-390-${tag}`);

      await toDesktop(page);
      await page.getByTestId('users-table').waitFor();
      await shot(page, `phone-lists-users-1440-${tag}`);
    });

    it('invitations: cards (or the empty state) at 390 px, the table at 1440 px', async () => {
      await page.setViewportSize(PHONE);
      await go(page, '/users?tab=invitations');
      await page.getByTestId('invitation-cards').or(page.getByTestId('empty-state')).first().waitFor();
      assert.equal(await page.getByTestId('invitations-table').count(), 0, 'no table on a phone');
      await assertNoSidewaysScroll(page, 'invitations at 390 px');
      await expectQuiet(page, 'invitations');
      await shot(page, `phone-lists-invitations-390-${tag}`);
    });
  }
});

describe('boarding console on a phone and a desktop', () => {
  let page: Page;
  let context: BrowserContext;
  before(async () => {
    ({ page, context } = await newPage({ viewport: PHONE }));
    await loginAs(page, demoLoginByRole(/^Admin/));
  });
  after(() => context?.close());

  for (const look of LOOKS) {
    const tag = `${look.theme}-${look.language}`;
    it(`records (${tag}): cards with company, state, date and checklist; tapping opens the record`, async () => {
      await page.setViewportSize(PHONE);
      await page.goto(url('/operator'));
      await applyLook(page, look);
      const cards = page.getByTestId('record-cards').locator('[data-list-card]');
      await cards.first().waitFor();
      assert.equal(await page.getByTestId('records-table').count(), 0, 'no table on a phone');
      await assertBrandWhole(page);
      await assertNoSidewaysScroll(page, 'boarding console at 390 px');
      await expectQuiet(page, 'boarding console cards');
      await shot(page, `phone-lists-operator-390-${tag}`);

      await toDesktop(page);
      await page.getByTestId('records-table').waitFor();
      await shot(page, `phone-lists-operator-1440-${tag}`);

      await page.setViewportSize(PHONE);
      const card = page.getByTestId('record-cards').locator('[data-list-card]').first();
      await card.waitFor();
      const name = (await card.getAttribute('data-record')) ?? '';
      await card.click();
      await page.waitForURL((u) => /^\/operator\/[0-9a-f-]{36}$/.test(u.pathname));
      await page.getByText(name).first().waitFor();
    });
  }
});
