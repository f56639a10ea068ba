import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  BoardingApplicant,
  demoLogin,
  mailMatch,
  OperatorConsole,
  PortalLogin,
} from '../support/boarding-pages.ts';
import { closeBrowser, newPage, shot } from '../support/browser.ts';

/**
 * Boards a company from the emailed link towards go-live, the operator acting in the console.
 * Steps run in order and share the two browser contexts (operator and applicant).
 */
const stamp = Date.now().toString(36);
const company = `Journey Works ${stamp} Ltd`;
const contactEmail = `bella.${stamp}@journey.example`;
const applicantPassword = 'Journey-Passw0rd!';

let operator: { context: BrowserContext; page: Page };
let applicant: { context: BrowserContext; page: Page };
let recordUuid = '';
let boardingLink = '';

before(async () => {
  operator = await newPage();
  applicant = await newPage();
});
after(async () => {
  await operator?.context.close();
  await applicant?.context.close();
  await closeBrowser();
});

describe('boarding a company from the emailed link to go-live', () => {
  it('the admin signs in with TOTP and opens the boarding console', async () => {
    await new PortalLogin(operator.page).signIn(demoLogin('admin@clearline.example'));
    await new OperatorConsole(operator.page).open();
    await shot(operator.page, 'boarding-01-console-dark');
  });

  it('the admin creates a boarding record, which mails the boarding link', async () => {
    recordUuid = await new OperatorConsole(operator.page).createRecord(company, contactEmail);
    assert.match(recordUuid, /^[0-9a-f-]{36}$/);
    await operator.page.getByRole('heading', { name: company }).waitFor();
    await shot(operator.page, 'boarding-02-record-created');
    const match = await mailMatch(contactEmail, /\/brd\/[0-9a-f-]{36}\/bc/);
    boardingLink = match[0];
    assert.ok(boardingLink.includes(recordUuid));
  });

  it('the boarding contact sets a password, signs in with the mailed code and sees the overview', async () => {
    await new BoardingApplicant(applicant.page).firstLogin(boardingLink, contactEmail, applicantPassword);
    await applicant.page.getByTestId('checklist').waitFor();
    await applicant.page
      .getByText(
        'ID&Facial verification will be available after internal check of submitted Application Forms.',
      )
      .waitFor();
    await applicant.page.getByRole('button', { name: 'Download NDA' }).waitFor();
    await shot(applicant.page, 'boarding-03-overview');
  });

  it('the boarding contact opens the application forms (needs the appforms/read scope in the token)', async () => {
    await applicant.page.getByRole('tab', { name: 'App Forms' }).click();
    await applicant.page.getByRole('heading', { name: 'Application forms' }).waitFor({ timeout: 8000 });
    await shot(applicant.page, 'boarding-04-appforms');
  });
});
