import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, newPage, shot } from '../support/browser.ts';
import { demoLoginByRole, loginAs } from '../support/login.ts';
import { expectQuiet } from '../support/request-budget.ts';

after(closeBrowser);

const TITLE = 'Journey check-in';

/** Staff define a survey; a client user completes it once (spec §2 survey; issue 18). */
describe('client survey', () => {
  let staff: Page;
  let staffContext: BrowserContext;
  let client: Page;
  let clientContext: BrowserContext;

  before(async () => {
    ({ page: staff, context: staffContext } = await newPage({ theme: 'dark', language: 'en-gb' }));
    await staff.setViewportSize({ width: 1440, height: 900 });
    await loginAs(staff, demoLoginByRole(/^Admin/));
    ({ page: client, context: clientContext } = await newPage({ theme: 'dark', language: 'en-gb' }));
    await client.setViewportSize({ width: 1440, height: 900 });
  });
  after(async () => {
    await staffContext?.close();
    await clientContext?.close();
  });

  it('staff publish a survey with a rating and a choice question', async () => {
    await staff.getByRole('link', { name: 'Client surveys' }).click();
    await staff.getByRole('button', { name: 'New survey' }).click();
    const dialog = staff.getByRole('dialog', { name: 'New survey' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Question 1' }).fill('How satisfied are you?');
    await dialog.getByRole('checkbox', { name: 'Answer required' }).check();
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await dialog.getByRole('textbox', { name: 'Question 2' }).fill('Main channel?');
    await dialog.getByRole('textbox', { name: 'Type' }).nth(1).click();
    await staff.getByRole('option', { name: 'One choice' }).click();
    const options = dialog.getByRole('textbox', { name: 'Options' });
    await options.fill('Portal');
    await options.press('Enter');
    await options.fill('API');
    await options.press('Enter');
    await shot(staff, 'survey-console-new-dark-en');
    await dialog.getByRole('button', { name: 'Publish and activate' }).click();
    await staff.getByText('Survey published.').waitFor();
    await staff.getByTestId('surveys-table').getByText(TITLE).waitFor();
  });

  it('the Master User answers step by step with back and next, and is not asked again', async () => {
    await loginAs(client, demoLoginByRole(/Master User/));
    const survey = client.getByTestId('survey');
    await survey.getByText('Question 1 of 2').waitFor();
    const next = survey.getByRole('button', { name: 'Next' });
    assert.equal(await next.isDisabled(), true, 'a required rating must be given first');
    // The fourth star: Mantine's rating input is visually hidden behind its label.
    const star = await survey.getByRole('radio', { name: '4', exact: true }).getAttribute('id');
    await survey.locator(`label[for="${star}"]`).click();
    await next.click();
    await survey.getByText('Main channel?').waitFor();
    await survey.getByRole('button', { name: 'Back' }).click();
    await survey.getByText('How satisfied are you?').waitFor();
    await next.click();
    await survey.getByRole('radio', { name: 'API' }).check();
    await shot(client, 'survey-dialog-dark-en');
    await survey.getByRole('button', { name: 'Complete' }).click();
    await client.getByText('Thank you for your answers.').waitFor();
    // The dashboard's first new-transactions check (3 s after load) refreshes its figures once.
    const firstPoll = client.waitForResponse((r) => r.url().includes('/api/notifications/new_transactions'));
    await client.reload();
    await client.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    assert.equal(await client.getByTestId('survey').count(), 0, 'the survey is shown once');
    await firstPoll;
    await expectQuiet(client, 'dashboard after the survey');
  });

  it('staff read the answer and switch the survey off again', async () => {
    await staff.reload();
    const row = staff.getByTestId('surveys-table').getByRole('row').filter({ hasText: TITLE });
    await row.getByText('1 answered').waitFor();
    await row.getByRole('button', { name: 'Answers' }).click();
    const answers = staff.getByTestId('survey-answers');
    await answers.getByText('Main channel?: API').waitFor();
    await answers.getByText('How satisfied are you?: 4').waitFor();
    await shot(staff, 'survey-answers-dark-en');
    await staff.keyboard.press('Escape');
    const toggle = await row.getByRole('switch').getAttribute('id');
    await Promise.all([
      staff.waitForResponse((r) => r.url().includes('/api/operator/surveys/active/') && r.ok()),
      row.locator(`label[for="${toggle}"]`).click(),
    ]);
    await row.locator('input[role="switch"]:not(:checked)').waitFor({ state: 'attached' });
  });
});
