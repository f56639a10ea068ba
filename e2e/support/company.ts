import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** Demo companies of the Master User (demo-logins.md). */
export const MERCHANT_COMPANY = 'Northwind Payments Ltd';
export const HOME_COMPANY = 'Northwind Trading Ltd';

/** Switches the current company with the header's switcher, waiting for the server's answer. */
export async function switchCompany(page: Page, name: string): Promise<void> {
  await page.getByTestId('company-switcher').click();
  const changed = page.waitForResponse(
    (r) => r.url().includes('/api/frusrs/change_current_merchant') && r.request().method() === 'POST',
  );
  await page.getByRole('menuitem', { name }).click();
  assert.equal((await changed).status(), 200);
}
