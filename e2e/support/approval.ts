import type { Page } from 'playwright-core';
import { type DemoLogin, freshTotp } from './login.ts';

/**
 * Approval is strong customer authentication: the dialog lists what is approved; the approver
 * types the password and a fresh authenticator code, then approves. `testId` is the dialog's prefix
 * (`approve` for pay-outs, `fx-approve`, `onchain-approve`).
 */
export async function approveInDialog(page: Page, user: DemoLogin, testId = 'approve'): Promise<void> {
  await page.getByTestId(`${testId}-items`).waitFor();
  await page.getByTestId(`${testId}-password`).fill(user.password);
  await page.getByTestId(`${testId}-code`).locator('input').first().click();
  await page.keyboard.type(await freshTotp(user.totpSecret ?? ''));
  await page.getByTestId(`confirm-${testId}`).click();
}
