import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

// An administrator other than the demo's own, whose first sign-in (and MFA enrolment) sign-in.spec.ts walks through.
const ADMIN = 'jordan.hayes@centric.local';

test('the administrator changes a transaction alert threshold on Firm Settings', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  await page.getByRole('link', { name: 'Firm Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Firm Settings' })).toBeVisible();
  const share = page.getByLabel('Large withdrawal share');
  await expect(share).not.toHaveValue('');
  const was = Number((await share.inputValue()).replace('%', ''));
  const save = page.getByRole('button', { name: 'Save settings' });
  await expect(save).toBeDisabled();
  await expectAccessible(page);

  // A share out of range is refused on the field, before anything is sent.
  await share.fill('0');
  await save.click();
  await expect(page.getByText('Large withdrawal share must be a whole percent from 1 to 100.')).toBeVisible();

  // One point above what it was, saved and read back after a reload, then put back.
  for (const value of [String(was === 100 ? 99 : was + 1), String(was)]) {
    await share.fill(value);
    await save.click();
    await expect(page.getByText('Settings updated successfully.')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(page.getByLabel('Large withdrawal share')).toHaveValue(`${value}%`);
  }
});
