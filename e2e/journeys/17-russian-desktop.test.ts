import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { api } from '../support/api.ts';
import { closeBrowser, newPage, shot } from '../support/browser.ts';
import { type DemoLogin, demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

/**
 * Russian on a desktop and a small window (issue 19, spec §9). Russian labels run ~30 % longer than
 * English: at 1440 x 900 in light/ru no label, badge, select or input of the Master User's daily
 * screens is cut ("Последние 7 дне…"), and tables fit or scroll inside their card. At 1280 x 560
 * (the "small window under 600 px height") the side menu scrolls to its last entry, the header's
 * controls stay usable, and the new-payment confirmation and the approval dialog fit or scroll so
 * that their buttons can be reached. Screenshots in e2e/artifacts/ru-desktop-*. Only technical
 * strings shown whole in a tooltip may be cut, and say so with `data-truncates`.
 */
after(closeBrowser);

const DESKTOP = { width: 1440, height: 900 };
const SMALL = { width: 1280, height: 560 };
const PAYEE = 'Bäckerei Müller GmbH';
const IBAN = 'DE89370400440532013000';

/** What the small window shows (not the full page): the screenshot is the check. */
async function windowShot(page: Page, name: string): Promise<void> {
  await settled(page);
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', `${name}.png`);
  await page.screenshot({ path: file });
}

/** Client-side navigation (what a link does), so one login serves every screen. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The screen has drawn its data: no skeleton, loader or navigation progress is showing. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const busy = document.querySelectorAll(
      '.mantine-Skeleton-root[data-visible], .mantine-Loader-root, [data-testid$="-loading"]',
    );
    const loading = [...busy].some((el) => (el as HTMLElement).getBoundingClientRect().width > 0);
    // Dialogs and drawers have slid in (endless animations such as a pulse do not count).
    const moving = document
      .getAnimations()
      .some(
        (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
      );
    return !loading && !moving;
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Every visible text the page cuts: elements that clip their text (ellipsis, overflow hidden or
 * clip, line clamp) and hold more than they show, and inputs, selects and their placeholders whose
 * text is wider than the box it is typed in. Scroll containers are fine: their content can be read.
 */
async function truncatedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d');
    const visible = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      if (r.width <= 2 || r.height <= 2) return false;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || cs.display === 'none' || Number(cs.opacity) === 0) return false;
      return !el.closest('[aria-hidden="true"], [inert]');
    };
    const describe = (el: HTMLElement, text: string, why: string) => {
      const id = el.closest('[data-testid]')?.getAttribute('data-testid');
      const label = el.getAttribute('aria-label');
      const cls = [...el.classList].find((c) => c.startsWith('mantine-')) ?? el.tagName.toLowerCase();
      return `${cls}${id ? ` in [${id}]` : ''}${label ? ` (${label})` : ''}: "${text.slice(0, 80)}" ${why}`;
    };
    const textWidth = (el: HTMLElement, text: string) => {
      if (!ctx) return 0;
      const cs = getComputedStyle(el);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      return ctx.measureText(text).width;
    };
    const room = (el: HTMLElement) => {
      const cs = getComputedStyle(el);
      return el.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight);
    };
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!visible(el)) continue;
      if (el instanceof HTMLInputElement) {
        if (['hidden', 'checkbox', 'radio', 'file', 'range', 'color'].includes(el.type)) continue;
        const text = el.value || el.placeholder;
        if (!text) continue;
        const need = textWidth(el, text);
        const has = room(el);
        if (need > has + 1)
          found.push(
            describe(
              el,
              text,
              `${el.value ? 'value' : 'placeholder'} needs ${Math.ceil(need)}px, has ${has}px`,
            ),
          );
        continue;
      }
      if (el instanceof HTMLSelectElement) {
        const text = el.selectedOptions[0]?.textContent ?? '';
        const need = textWidth(el, text) + 20; // the native arrow
        const has = room(el);
        if (need > has + 1) found.push(describe(el, text, `needs ${Math.ceil(need)}px, has ${has}px`));
        continue;
      }
      if (el instanceof HTMLTextAreaElement || el instanceof SVGElement) continue;
      // Technical strings cut on purpose, shown whole on hover (a browser's user agent).
      if (el.hasAttribute('data-truncates')) continue;
      const cs = getComputedStyle(el);
      const clipsX = cs.textOverflow === 'ellipsis' || cs.overflowX === 'hidden' || cs.overflowX === 'clip';
      const clamped = cs.webkitLineClamp !== 'none' && cs.webkitLineClamp !== '';
      if (!clipsX && !clamped) continue;
      const text = (el.innerText ?? '').trim().replace(/\s+/g, ' ');
      if (!text) continue;
      if (clipsX && el.scrollWidth > el.clientWidth + 1)
        found.push(describe(el, text, `cut: ${el.scrollWidth}px of text in ${el.clientWidth}px`));
      else if (clamped && el.scrollHeight > el.clientHeight + 1)
        found.push(describe(el, text, `clamped: ${el.scrollHeight}px of lines in ${el.clientHeight}px`));
    }
    return found;
  });
}

async function assertNothingCut(page: Page, screen: string): Promise<void> {
  const cut = await truncatedTexts(page);
  assert.deepEqual(cut, [], `${screen} (ru, 1440 px) cuts these texts:\n${cut.join('\n')}`);
}

/**
 * The locator is on screen and the topmost thing where it is drawn, so a pointer reaches it. A
 * drawer or dialog slides in first: the check is repeated (bounded) until it has come to rest, as a
 * user waits for it.
 */
async function assertReachable(locator: Locator, what: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const check = () =>
    locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const inside =
        r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
      const top = document.elementFromPoint(x, y);
      return {
        inside,
        onTop: !!top && (el === top || el.contains(top)),
        box: `x ${r.left}-${r.right} of ${window.innerWidth}, y ${r.top}-${r.bottom} of ${window.innerHeight}`,
      };
    });
  let hit = await check();
  for (const deadline = Date.now() + 5_000; !(hit.inside && hit.onTop) && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    hit = await check();
  }
  assert.ok(hit.inside, `${what} lies outside the window (${hit.box})`);
  assert.ok(hit.onTop, `${what} is covered by something else`);
}

async function choose(page: Page, testId: string, option: RegExp | string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The new-payment form filled for a SEPA pay-out up to its summary (nothing is sent). */
async function fillSepaPayout(page: Page): Promise<void> {
  await page.getByTestId('new-payment-form').waitFor();
  await choose(page, 'wallet-select', /Main EUR/);
  if (!(await page.getByTestId('currency-select').inputValue())) await choose(page, 'currency-select', 'EUR');
  await choose(page, 'method-select', /^SEPA$/);
  await page.locator('input[data-field="payee"]').fill(PAYEE);
  await page.locator('input[data-field="iban"]').fill(IBAN);
  await page.locator('input[data-field="iban"]').blur();
  await page.getByTestId('iban-bank').waitFor();
  await page.getByTestId('amount-input').fill('12.34');
}

interface Screen {
  name: string;
  path: () => string;
  /** What shows once the screen has its data. */
  ready: string;
  /** Opens what the screen is checked with (filters, a dialog …). */
  open?: (page: Page) => Promise<void>;
}

let walletUuid = '';

const SCREENS: Screen[] = [
  { name: 'dashboard', path: () => '/', ready: '[data-testid="available-row"]' },
  {
    name: 'dashboard-2',
    path: () => '/',
    ready: '[data-testid="dashboard-slides"]',
    open: async (page) => {
      await page.getByTestId('dashboard-slides').getByRole('button', { name: '2', exact: true }).click();
      await page.getByTestId('widget-instant-fx').waitFor();
    },
  },
  {
    name: 'accounts',
    path: () => '/acclst',
    ready: '[data-testid="accounts-table"] [data-testid="wallet-row"]',
  },
  {
    name: 'account-details',
    path: () => `/acclst/${walletUuid}`,
    ready: '[data-testid="rename"]',
  },
  {
    name: 'statement',
    path: () => `/acclst/${walletUuid}`,
    ready: '[data-testid="open-statement"]',
    open: async (page) => {
      await page.getByTestId('open-statement').click();
      await page.getByTestId('statement-form').waitFor();
    },
  },
  {
    name: 'payments',
    path: () => '/payments/list?period=last7Days',
    ready: '[data-testid="payment-filters"]',
  },
  {
    name: 'payments-all',
    path: () => '/payments/list?period=all',
    ready: '[data-testid="payments-table"] tbody tr',
  },
  {
    name: 'payment-details',
    path: () => '/payments/list?period=all',
    ready: '[data-testid="payments-table"] tbody tr[data-payment-id]',
    open: async (page) => {
      await page.locator('[data-testid="payments-table"] tbody tr[data-status="settled"]').first().click();
      await page.getByTestId('payment-drawer').getByTestId('payment-actions').waitFor();
    },
  },
  {
    name: 'new-payment',
    path: () => '/payments/new',
    ready: '[data-testid="new-payment-form"]',
    open: fillSepaPayout,
  },
  { name: 'fx', path: () => '/fx', ready: 'main table, main [data-testid="empty-state"]' },
  {
    name: 'fx-instant',
    path: () => '/fx?dialog=instant',
    ready: '[role="dialog"] form, [role="dialog"] input',
  },
  {
    name: 'fx-booked',
    path: () => '/fx?dialog=booked',
    ready: '[role="dialog"] form, [role="dialog"] input',
  },
  { name: 'onchain', path: () => '/onchain', ready: 'main table, main [data-testid="empty-state"]' },
  {
    name: 'onchain-transfer',
    path: () => '/onchain?dialog=transfer',
    ready: '[role="dialog"] form, [role="dialog"] input',
  },
  {
    name: 'virtual-accounts',
    path: () => `/acclst/${walletUuid}/virtual-accounts`,
    ready: 'main table, main [data-testid="empty-state"]',
  },
  { name: 'daily-balances', path: () => '/acclst/daily-balances', ready: '[data-testid="daily-table"]' },
  {
    name: 'pay-balance',
    path: () => '/transactions/balance?period=last7Days',
    ready: 'main table, main [data-testid="empty-state"], main .mantine-Paper-root',
  },
  {
    name: 'messages',
    path: () => '/messages/inbox',
    ready: '[data-testid="messages-table"], [data-testid="empty-state"]',
  },
  { name: 'users', path: () => '/users', ready: '[data-testid="users-table"]' },
  {
    name: 'security-history',
    path: () => '/security-history?period=last7Days',
    ready: 'main table, main [data-testid="empty-state"]',
  },
  { name: 'user-settings', path: () => '/settings/user', ready: 'main form, main input' },
  { name: 'company-settings', path: () => '/settings/company', ready: '[data-testid^="company-tab-"]' },
  ...(['ip', 'postbacks', 'log', 'notifications'] as const).map((tab) => ({
    name: `company-settings-${tab}`,
    path: () => `/settings/company?tab=${tab}`,
    ready: `[data-testid="company-tab-${tab}"][aria-selected="true"]`,
  })),
];

describe('the Master User in Russian on a desktop and in a small window', () => {
  let page: Page;
  let context: BrowserContext;
  let master: DemoLogin;
  before(async () => {
    master = demoLoginByRole(/Master User/);
    ({ page, context } = await newPage({ viewport: DESKTOP }));
    // The checks below run in the page as written; tsx's name-keeping helper is not there.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    const profile = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/frusrs/me' && r.request().method() === 'GET',
    );
    await loginAs(page, master);
    await profile;
    await page.getByTestId('available-row').first().waitFor();
    // The saved profile choice is applied at login; this browser then picks light and Russian.
    await page.evaluate(() => {
      localStorage.setItem('ui_theme', 'light');
      localStorage.setItem('ui_language', 'ru');
    });
    await page.reload();
    await page
      .locator('html[data-mantine-color-scheme="light"][lang="ru-RU"]')
      .waitFor({ state: 'attached' });
    const token = await page.evaluate(() => sessionStorage.getItem('id_token'));
    assert.ok(token, 'logged in');
    const wallets = await api<{ wallets: { uuid: string; balances: { currency: string }[] }[] }>(
      'POST',
      '/wallets/1/100',
      { token, body: {} },
    );
    walletUuid = wallets.body.wallets.find((w) => w.balances.some((b) => b.currency === 'EUR'))?.uuid ?? '';
    assert.ok(walletUuid, 'the demo company has an EUR account');
  });
  after(() => context?.close());

  for (const screen of SCREENS) {
    it(`${screen.name}: every label, badge, select and input reads whole at 1440 px`, async () => {
      await page.setViewportSize(DESKTOP);
      await go(page, screen.path());
      await page.locator(screen.ready).first().waitFor();
      await settled(page);
      await screen.open?.(page);
      await settled(page);
      if (screen.name === 'dashboard') await expectQuiet(page, 'dashboard (ru, 1440 px)');
      await shot(page, `ru-desktop-${screen.name}`);
      await assertNothingCut(page, screen.name);
      if (screen.open) await page.keyboard.press('Escape');
    });
  }

  it('small window (1280 x 560): the side menu scrolls to its last entry and the header stays usable', async () => {
    await page.setViewportSize(SMALL);
    await go(page, '/payments/list?period=all');
    await page.locator('[data-testid="payments-table"] tbody tr[data-payment-id]').first().waitFor();
    await settled(page);
    const entries = page.getByTestId('side-menu').locator('a[href]');
    assert.ok((await entries.count()) > 8, 'the Master User has a long menu');
    await windowShot(page, 'ru-desktop-small-menu-top');
    await assertReachable(entries.last(), 'the last side-menu entry');
    await windowShot(page, 'ru-desktop-small-menu-bottom');
    await assertReachable(entries.first(), 'the first side-menu entry');
    // The page scrolled to its end: the header's controls are still there and on top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const id of ['company-switcher', 'language-select', 'display-menu', 'theme-toggle']) {
      const control = page.locator(`header [data-testid="${id}"]:visible`);
      if ((await control.count()) === 0) continue;
      await assertReachable(control.first(), `the header's ${id}`);
    }
    await assertReachable(page.getByTestId('platform-name'), 'the brand');
    await page.getByTestId('company-switcher').click();
    await assertReachable(
      page.getByRole('menuitem', { name: 'Northwind Digital UAB' }),
      'the second company',
    );
    await windowShot(page, 'ru-desktop-small-header');
    await page.keyboard.press('Escape');
  });

  it('small window: the new-payment confirmation fits or scrolls, so its buttons can be pressed', async () => {
    await page.setViewportSize(SMALL);
    await go(page, '/payments/new');
    await fillSepaPayout(page);
    await assertReachable(page.getByTestId('continue-payment'), 'the continue button');
    await page.getByTestId('continue-payment').click();
    await assertReachable(page.getByTestId('review-confirm'), 'the confirm button of the summary');
    await page.getByTestId('review-confirm').click();
    const modal = page.getByTestId('confirm-payout');
    await modal.getByTestId('confirm-iban').waitFor();
    await windowShot(page, 'ru-desktop-small-confirm-top');
    await assertReachable(modal.getByTestId('confirm-password'), 'the password field');
    await assertReachable(modal.locator('button[type="submit"]'), 'the confirm button of the dialog');
    await windowShot(page, 'ru-desktop-small-confirm-bottom');
    const back = modal.locator('button:not([type="submit"])').last();
    await assertReachable(back, 'the back button of the dialog');
    await back.click();
    await modal.getByTestId('confirm-iban').waitFor({ state: 'detached' });
  });

  it('small window: the approval dialog fits or scrolls, so approve and cancel can be pressed', async () => {
    await page.setViewportSize(SMALL);
    await go(page, '/payments/list?period=all&status=created');
    const row = page.locator('[data-testid="payments-table"] tbody tr[data-status="created"]').first();
    await row.waitFor();
    await row.click();
    const drawer = page.getByTestId('payment-drawer');
    await assertReachable(drawer.getByTestId('action-approve'), 'the approve action of the drawer');
    await drawer.getByTestId('action-approve').click();
    await page.getByTestId('approve-items').waitFor();
    await windowShot(page, 'ru-desktop-small-approve-top');
    await assertReachable(page.getByTestId('approve-password'), 'the password field of the approval');
    await assertReachable(page.getByTestId('confirm-approve'), 'the approve button of the dialog');
    await windowShot(page, 'ru-desktop-small-approve-bottom');
    await page.keyboard.press('Escape');
    await page.getByTestId('approve-items').waitFor({ state: 'detached' });
  });
});
