import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

/** A Wealth Advisor: clients read, write and delete (demo role matrix). */
const ADVISOR = 'marcus.reed@centric.local';

// Names nobody in the demo data (or another spec) has.
const RESUMED = { first: 'Evangeline', last: 'Thistlewood' };
const DELETED = { first: 'Barnaby', last: 'Quernmoor' };
// A fictional number outside the demo data's 555-01xx block and the clients spec's number.
const PHONE = '3125557742';

const wizard = (page: Page) => page.getByRole('dialog', { name: 'New household' });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave the new household?' });

const choose = async (page: Page, label: string, option: string) => {
  await wizard(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};
const saveAndContinue = (page: Page) => wizard(page).getByRole('button', { name: 'Save & Continue' }).click();

/** Step 1 of a new household, saved; then Cancel and keep it as a draft. */
const startDraft = async (page: Page, name: { first: string; last: string }) => {
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Add Household' }).click();
  await wizard(page).getByLabel('First name').fill(name.first);
  await wizard(page).getByLabel('Last name').fill(name.last);
  await wizard(page).getByRole('textbox', { name: 'Date of birth', exact: true }).fill('09/21/1975');
  await choose(page, 'Gender', 'Female');
  await choose(page, 'Marriage status', 'Single');
  await saveAndContinue(page);
  await expect(wizard(page).getByText('1 of 5 steps saved')).toBeVisible();

  await wizard(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(leaveDialog(page)).toContainText(
    'it is kept as a draft, listed only under Drafts on the Clients page, where you can resume or delete it',
  );
  await leaveDialog(page).getByRole('button', { name: 'Keep as draft' }).click();
  await expect(wizard(page)).toBeHidden();
};

const searchHouseholds = async (page: Page, text: string) => {
  await page.goto('/clients');
  await page.getByRole('textbox', { name: /Search households/ }).fill(text);
};

test.describe.configure({ mode: 'serial' });

test('a household left after step 1 is a draft: listed only under Drafts, resumed and finished', async ({
  page,
}) => {
  await openSignedIn(page, ADVISOR);
  await startDraft(page, RESUMED);

  // Not in the clients list, nor in the global search.
  await searchHouseholds(page, RESUMED.last);
  await expect(page.getByText('No households match')).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Global search' });
  await search.fill(RESUMED.last);
  await expect(page.getByText('Sorry, we could not find anything for the entered text.')).toBeVisible();

  // Under Drafts, with its progress.
  await page.goto('/clients?tab=drafts');
  const drafts = page.getByRole('table', { name: 'Draft households' });
  const row = drafts.getByRole('row', { name: new RegExp(`${RESUMED.last}, ${RESUMED.first}`) });
  await expect(row).toContainText('1 of 5 steps saved');
  await expectAccessible(page);

  // Resume opens the wizard at step 2; finishing it publishes the household.
  await row.getByRole('button', { name: `Resume ${RESUMED.last}, ${RESUMED.first}` }).click();
  await expect(wizard(page).getByRole('form', { name: 'Preferences' })).toBeVisible();
  await saveAndContinue(page);
  await expect(wizard(page).getByText('2 of 5 steps saved')).toBeVisible();
  await wizard(page).getByLabel('Phone 1', { exact: true }).fill(PHONE);
  await choose(page, 'Phone 1 type', 'Mobile');
  await wizard(page).getByLabel('Email 1', { exact: true }).fill('evangeline.thistlewood@example.net');
  await choose(page, 'Email 1 type', 'Personal');
  await wizard(page).getByLabel('Address line 1').fill('7 Willow Court');
  await wizard(page).getByLabel('City').fill('Evanston');
  await choose(page, 'State', 'Illinois (IL)');
  await wizard(page).getByLabel('Zip').fill('60201');
  await saveAndContinue(page);
  await expect(wizard(page).getByText('3 of 5 steps saved')).toBeVisible();
  await saveAndContinue(page);
  await expect(wizard(page).getByText('4 of 5 steps saved')).toBeVisible();
  await wizard(page).getByRole('combobox', { name: 'Employment status' }).click();
  await page.getByRole('option', { name: 'Employed Full-Time', exact: true }).click();
  await page.keyboard.press('Escape');
  await wizard(page).getByRole('button', { name: 'Save & Finish' }).click();
  await expect(page.getByText('Member saved successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${RESUMED.last}, ${RESUMED.first}` })).toBeVisible();

  // Now a household like any other: in the list, no longer under Drafts.
  await searchHouseholds(page, RESUMED.last);
  await expect(
    page.getByRole('link', { name: new RegExp(`^${RESUMED.last}, ${RESUMED.first}`) }),
  ).toBeVisible();
  await page.goto('/clients?tab=drafts');
  await expect(page.getByText(`${RESUMED.last}, ${RESUMED.first}`)).toHaveCount(0);
});

test('a draft is deleted from Drafts after confirmation', async ({ page }) => {
  await openSignedIn(page, ADVISOR);
  await startDraft(page, DELETED);
  await page.goto('/clients?tab=drafts');
  await page.getByRole('button', { name: `Delete ${DELETED.last}, ${DELETED.first}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Please Confirm?' });
  await expect(confirm).toContainText(`Delete the draft household ${DELETED.last}, ${DELETED.first}`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Draft household deleted.')).toBeVisible();
  await expect(page.getByRole('cell', { name: `${DELETED.last}, ${DELETED.first}` })).toHaveCount(0);
  await searchHouseholds(page, DELETED.last);
  await expect(page.getByText('No households match')).toBeVisible();
});
