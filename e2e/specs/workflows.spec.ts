import { expect, type Page, test } from '@playwright/test';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

/** Operations: manageWorkflows read, write and delete (demo role matrix). */
const OPERATIONS = 'daniel.kim@centric.local';
/** Wealth advisor: manageWorkflows read only (Marcus, whom other specs share; sign-in.spec.ts enrols Olivia itself). */
const ADVISOR = 'marcus.reed@centric.local';
// A name no demo template has, so the search below finds exactly this one.
const NAME = 'Trust Account Opening 2026';

const editor = (page: Page) => page.getByRole('dialog', { name: /workflow template/i });
const titles = (page: Page) => editor(page).getByRole('textbox', { name: /^Title/ });

test.describe.configure({ mode: 'serial' });

test('operations builds a template, reorders its steps by drag and drop and keyboard, publishes two versions', async ({
  page,
}) => {
  await openSignedIn(page, OPERATIONS);
  await page.goto('/create-request-manage-workflows');
  await expect(page).toHaveURL(/sortBy=name/);
  await expect(page.getByRole('heading', { name: 'Manage Workflows' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open New Client Onboarding' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add template' }).click();
  await expect(editor(page)).toBeVisible();
  // Nothing typed: the contract's messages, nothing sent.
  await editor(page).getByRole('button', { name: 'Save draft' }).click();
  await expect(editor(page).getByText('Please enter the template name.')).toBeVisible();
  await expect(editor(page).getByText('Please enter the step title.')).toBeVisible();
  await expectAccessible(page);

  await editor(page).getByRole('textbox', { name: 'Name' }).fill(NAME);
  await editor(page).getByRole('combobox', { name: 'Workflow type' }).click();
  await page.getByRole('option', { name: 'New Account Opening' }).click();
  await editor(page)
    .getByRole('textbox', { name: 'Description', exact: true })
    .first()
    .fill('A trust account');

  // A new step only once the last one is filled.
  const add = editor(page).getByRole('button', { name: 'Add step' });
  await expect(add).toBeDisabled();
  await titles(page).nth(0).fill('Collect trust documents');
  await add.click();
  await titles(page).nth(1).fill('Open the account');
  await add.click();
  await titles(page).nth(2).fill('Fund the account');
  await expect(titles(page)).toHaveCount(3);

  // Drag the third step's handle onto the second step (the mouse, as a person drags).
  const source = editor(page).getByRole('button', { name: /^Reorder Fund the account/ });
  const target = editor(page).getByRole('listitem', { name: 'Step 2: Open the account' });
  await source.scrollIntoViewIfNeeded();
  await source.hover();
  await page.mouse.down();
  const box = await target.boundingBox();
  if (!box) throw new Error('step 2 is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 10, { steps: 8 });
  await page.mouse.up();
  await expect(titles(page).nth(1)).toHaveValue('Fund the account');
  await expect(titles(page).nth(2)).toHaveValue('Open the account');

  // Move up: the moved step becomes the first.
  await editor(page).getByRole('button', { name: 'Move Fund the account up' }).click();
  await expect(titles(page).nth(0)).toHaveValue('Fund the account');
  await expect(titles(page).nth(1)).toHaveValue('Collect trust documents');

  // Keyboard: the handle of the first step, arrow down twice.
  const handle = editor(page).getByRole('button', { name: /^Reorder Fund the account/ });
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(titles(page).nth(2)).toHaveValue('Fund the account');
  await expect(titles(page).nth(1)).toHaveValue('Open the account');
  await expect(editor(page).getByRole('status')).toHaveText('Fund the account moved to position 3 of 3.');

  await editor(page).getByRole('button', { name: 'Save draft' }).click();
  await expect(editor(page).getByText('Never published')).toBeVisible();
  await editor(page).getByRole('button', { name: 'Publish', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Please Confirm?' });
  await expect(confirm).toContainText('as version 1?');
  await confirm.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(editor(page).getByText('Version 1', { exact: true })).toBeVisible();

  // Editing the published template makes a draft; publishing it makes version 2.
  await titles(page).nth(0).fill('Collect signed trust documents');
  await editor(page).getByRole('button', { name: 'Save draft' }).click();
  await expect(editor(page).getByText('Draft', { exact: true })).toBeVisible();
  await editor(page).getByRole('button', { name: 'Publish', exact: true }).click();
  // Before publishing, the dialog says how many running requests stay on their version: none of this new one.
  await expect(confirm).toContainText('no request is running, so none stays on an older version.');
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS_DIR}/manage-workflows-publish-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await confirm.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(editor(page).getByText('Version 2', { exact: true })).toBeVisible();
  await editor(page).getByRole('button', { name: 'Cancel' }).click();

  // The saved order came back from the server.
  await page.reload();
  await page.getByRole('textbox', { name: 'Search workflow templates' }).fill(NAME);
  await page.getByRole('button', { name: `Open ${NAME}` }).click();
  await expect(titles(page)).toHaveCount(3);
  await expect(titles(page).nth(0)).toHaveValue('Collect signed trust documents');
  await expect(titles(page).nth(2)).toHaveValue('Fund the account');
});

test('an advisor reads templates without changing them', async ({ page }) => {
  await openSignedIn(page, ADVISOR);
  await page.goto('/create-request-manage-workflows');
  await expect(page.getByRole('button', { name: 'Open Annual Review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add template' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open Annual Review' }).click();
  await expect(editor(page)).toBeVisible();
  await expect(editor(page).getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await expect(editor(page).getByRole('button', { name: /^Reorder/ })).toHaveCount(0);
  await expectAccessible(page);
});
