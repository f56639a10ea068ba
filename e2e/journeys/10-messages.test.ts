import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { tinyPdf } from '../support/boarding-pages.ts';
import { closeBrowser, newPage, shot, url } from '../support/browser.ts';
import { type DemoLogin, demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

const TAG = Date.now().toString(36).toUpperCase();
/** Typed markup must come back as text, never as HTML. */
const SUBJECT = `Statement for March <script>alert(1)</script> ${TAG}`;
const NOTICE = `Planned SEPA maintenance ${TAG}`;
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Page object of Messages (client side). */
const messagesPage = {
  async open(page: Page) {
    await page.locator('[data-menu-item="messages"]').first().click();
    await page.waitForURL(/\/messages\/inbox/);
  },
  async pick(page: Page, testId: string, option: string | RegExp) {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option }).first().click();
  },
  async compose(page: Page, subject: string, text: string, pdf: Buffer) {
    await page.getByTestId('new-message').click();
    const dialog = page.getByTestId('compose');
    await dialog.waitFor();
    await this.pick(page, 'compose-type', 'Accounts and statements');
    await this.pick(page, 'compose-priority', 'High');
    await page.getByTestId('compose-subject').fill(subject);
    await page.getByTestId('compose-text').fill(text);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'march-statement.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await dialog.getByText('march-statement.pdf').waitFor();
    await dialog.getByText('PDF or CSV, up to 10 MB each, at most 5 files.').waitFor();
  },
};

/** Page object of the operator console's support cases. */
const consolePage = {
  async openCase(page: Page, subjectPart: string) {
    await page.goto(url('/operator/cases'));
    const row = page.locator(`[data-testid="cases-table"] tr[data-case*="${subjectPart}"]`).first();
    await row.click();
    await page.getByTestId('thread').waitFor();
  },
};

describe('messages with support, the console and system notices', () => {
  let master: DemoLogin;
  let admin: DemoLogin;
  let client: { page: Page; context: BrowserContext };
  let staff: { page: Page; context: BrowserContext };

  before(async () => {
    master = demoLoginByRole(/Master User/);
    admin = demoLoginByRole(/^Admin/);
    client = await newPage({ theme: 'dark', language: 'en-gb' });
    staff = await newPage({ theme: 'dark', language: 'en-gb' });
    await client.page.setViewportSize(WIDE);
    await staff.page.setViewportSize(WIDE);
  });
  after(async () => {
    await client?.context.close();
    await staff?.context.close();
  });

  it('the Master User writes to support with a PDF; the subject shows literally, a case number is given', async () => {
    const { page } = client;
    await loginAs(page, master);
    await messagesPage.open(page);
    await messagesPage.compose(
      page,
      SUBJECT,
      'Please send the March statement again.\nThank you.',
      tinyPdf('March'),
    );
    await shot(page, 'messages-compose-dark-en');
    await page.getByTestId('compose-send').click();
    await page.waitForURL(/\/messages\/thread\//);
    const thread = page.getByTestId('thread');
    await thread
      .getByTestId('attachment')
      .getByText(/march-statement\.pdf/)
      .waitFor();
    assert.equal(await thread.getByTestId('message-subject').first().textContent(), SUBJECT);
    assert.equal(await page.locator('script:text("alert(1)")').count(), 0);
    await page.getByTestId('case-status').getByText('Created').waitFor();
    assert.match((await page.locator('h2').first().textContent()) ?? '', /Case C-\d{6}/);
    await shot(page, 'messages-thread-created-dark-en');
    await expectQuiet(page, 'support thread');
    // Leave the thread (an open thread marks answers read as they arrive) and wait on the dashboard.
    await page.locator('[data-menu-item="dashboard"]').first().click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('staff see the case with its attachment, answer and close it', async () => {
    const { page } = staff;
    await loginAs(page, admin);
    await consolePage.openCase(page, TAG);
    await page.getByTestId('thread').getByTestId('attachment').waitFor();
    await page
      .getByTestId('answer-text')
      .fill('We have sent the statement to your registered email. Closing the case.');
    await page.getByTestId('answer-status').click();
    await page.getByRole('option', { name: 'Closed', exact: true }).click();
    await page.getByTestId('answer-send').click();
    await page.getByText("The answer was sent and the company's users were notified by mail.").waitFor();
    await page.getByTestId('thread').getByText('Closing the case.', { exact: false }).waitFor();
    await shot(page, 'messages-console-case-dark-en');
  });

  it('the user sees the unread badge without reload, reads the answer and cannot delete the closed case', async () => {
    const { page } = client;
    // No reload: the notification stream pushes the change.
    await page.getByTestId('menu-unread').waitFor({ timeout: 20_000 });
    const count = page.getByTestId('notification-count');
    assert.ok(Number(await count.getAttribute('data-count')) >= 1);
    await shot(page, 'messages-unread-badge-dark-en');
    await page.goto(url('/messages/inbox'));
    const row = page.locator(`[data-testid="messages-table"] tr[data-unread="1"]`).first();
    await row.click();
    await page.getByTestId('thread').getByText('Closing the case.', { exact: false }).waitFor();
    await page.getByTestId('case-status').getByText('Closed').waitFor();
    assert.equal(await page.getByTestId('delete-thread').isDisabled(), true);
    await page.getByTestId('delete-rule').waitFor();
    await page.getByTestId('closed-note').waitFor();
    // The refused deletion is also refused by the server with the spec §8 message.
    const refused = await page.evaluate(async (root) => {
      const token = sessionStorage.getItem('id_token') ?? '';
      const res = await fetch('/api/messages/delete_sequence', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ root_uuids: [root] }),
      });
      return { status: res.status, body: (await res.json()) as { messages: string[] } };
    }, page.url().split('/').pop() ?? '');
    assert.equal(refused.status, 409);
    assert.match(refused.body.messages[0] ?? '', /Deletion denied: the case status is Closed/);
    await page.getByTestId('menu-unread').waitFor({ state: 'detached', timeout: 20_000 });
    await shot(page, 'messages-thread-closed-dark-en');
    await page.setViewportSize(PHONE);
    await shot(page, 'messages-thread-closed-dark-en-390');
    await page.goto(url('/messages/inbox'));
    await page.getByTestId('messages-table').waitFor();
    await shot(page, 'messages-inbox-dark-en-390');
    await page.setViewportSize(WIDE);
  });

  it('staff publish a notice for all clients; the user sees it in the notification centre and opens it', async () => {
    const { page } = staff;
    await page.goto(url('/operator/notices'));
    await page.getByTestId('publish-notice').click();
    await page.getByTestId('notice-title').fill(NOTICE);
    await page
      .getByTestId('notice-text')
      .fill('SEPA payments sent on Saturday between 02:00 and 04:00 UTC are processed after 04:00.');
    await shot(page, 'messages-console-publish-dark-en');
    await page.getByTestId('notice-submit').click();
    await page.getByTestId('staff-notices').getByText(NOTICE).waitFor();

    const c = client.page;
    await c.getByTestId('notification-count').and(c.locator('[data-count="1"]')).waitFor({ timeout: 20_000 });
    await c.getByTestId('new-transactions').click();
    await c.getByTestId('centre-notices').click();
    await c.getByTestId('centre-notice').getByText(NOTICE).waitFor();
    await shot(c, 'messages-centre-notices-dark-en');
    await c.getByTestId('centre-notice').first().click();
    await c.getByTestId('notice').waitFor();
    await shot(c, 'messages-notice-open-dark-en');
    await c.keyboard.press('Escape');
    await c.getByTestId('notification-count').and(c.locator('[data-count="0"]')).waitFor({ timeout: 20_000 });
  });

  it('light theme in Russian: messages, thread, notifications, at 1440 and 390 px', async () => {
    const ru = await newPage({ theme: 'light', language: 'ru' });
    try {
      const { page } = ru;
      await page.setViewportSize(WIDE);
      await loginAs(page, master);
      await page.goto(url('/messages/outbox'));
      await page.getByTestId('messages-table').waitFor();
      await page.getByText('Отправленные').first().waitFor();
      await shot(page, 'messages-outbox-light-ru');
      await page.locator('[data-testid="messages-table"] tbody tr').first().click();
      await page.getByTestId('delete-rule').waitFor();
      await shot(page, 'messages-thread-light-ru');
      await page.setViewportSize(PHONE);
      await shot(page, 'messages-thread-light-ru-390');
      await page.goto(url('/notifications?status=all'));
      await page.getByTestId('notices-list').getByText(NOTICE).waitFor();
      await shot(page, 'messages-notifications-light-ru-390');
      await page.setViewportSize(WIDE);
      await shot(page, 'messages-notifications-light-ru');
      await page.goto(url('/messages/inbox?new=1'));
      await page.getByTestId('compose').waitFor();
      await shot(page, 'messages-compose-light-ru');
    } finally {
      await ru.context.close();
    }
  });
});
