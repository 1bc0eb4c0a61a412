import { expect, type Page, test } from '@playwright/test';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

/**
 * A Wealth Advisor writes; a colleague in Operations (clients and notes too) is mentioned. Neither is a user
 * whose sign-in or MFA another spec expects fresh (the sign-in spec enrols Olivia and the administrator).
 */
const MARCUS = 'marcus.reed@centric.local';
const GRACE = 'grace.lee@centric.local';

/** A one-page PDF, as a user would attach a document. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** A household of the demo (the list's first by name), through the API with the page's session. */
const firstHousehold = async (page: Page) =>
  page.evaluate(async () => {
    const token = sessionStorage.getItem('centric.accessToken');
    const res = await fetch('/api/clients?limit=1&sortBy=name&order=ASC', {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { result: { clientId: string; name: string }[] };
    return body.result[0]!;
  });

const unreadCount = async (page: Page) => {
  const label = (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
};

test.describe.configure({ mode: 'serial' });

test('a note with bold text, a mention and a PDF reaches the mentioned colleague, who opens it from the bell and pins it', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  await openSignedIn(page, MARCUS);
  const household = await firstHousehold(page);
  await page.goto(`/client-detail/${household.clientId}`);
  const editor = page.getByRole('textbox', { name: `New note on ${household.name}` });
  await expect(editor).toBeVisible();

  // Grace, in her own browser, before the note is written.
  const other = await browser.newContext();
  const grace = await other.newPage();
  await openSignedIn(grace, GRACE);
  const before = await unreadCount(grace);

  await editor.click();
  await page.keyboard.type(`Review ${stamp}: `);
  await page.keyboard.press('Control+b');
  await page.keyboard.type('rollover forms');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' signed. ');
  await page.keyboard.type('@Grace');
  await page.getByRole('option', { name: /Grace Lee/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach a file' }).click();
  await (await chooser).setFiles({ name: 'Rollover forms.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Rollover forms.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Post' }).click();

  const note = page.getByRole('article').filter({ hasText: `Review ${stamp}` });
  await expect(note.locator('strong', { hasText: 'rollover forms' })).toBeVisible();
  await expect(note.getByText('@Grace Lee')).toBeVisible();
  await expect(note.getByRole('button', { name: 'Open Rollover forms.pdf' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/household-notes.png` });

  // Grace's bell counts the mention; the inbox opens the note on the household's page.
  await grace.reload();
  await expect.poll(() => unreadCount(grace)).toBe(before + 1);
  await grace.getByRole('button', { name: /^Notifications/ }).click();
  await grace
    .getByRole('button', { name: /Marcus Reed mentioned you/ })
    .first()
    .click();
  await expect(grace).toHaveURL(new RegExp(`/client-detail/${household.clientId}.*noteId=`));
  const linked = grace
    .getByRole('article')
    .filter({ hasText: `Review ${stamp}` })
    .first();
  await expect(linked).toBeVisible();
  await expect.poll(() => unreadCount(grace)).toBe(before);

  // Pinned, it comes first.
  await linked.getByRole('button', { name: /Actions for the note by Marcus Reed/ }).click();
  await grace.getByRole('menuitem', { name: 'Pin' }).click();
  await grace.goto(`/client-detail/${household.clientId}`);
  const first = grace.getByRole('article').first();
  await expect(first).toContainText(`Review ${stamp}`);
  await expect(first.getByRole('img', { name: 'Pinned' })).toBeVisible();
  await other.close();
});

test('the author deletes a note after confirming', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await openSignedIn(page, MARCUS);
  const household = await firstHousehold(page);
  await page.goto(`/client-detail/${household.clientId}`);
  const editor = page.getByRole('textbox', { name: `New note on ${household.name}` });
  await editor.click();
  await page.keyboard.type(`Scratch ${stamp}`);
  await page.getByRole('button', { name: 'Post' }).click();
  const note = page.getByRole('article').filter({ hasText: `Scratch ${stamp}` });
  await expect(note).toBeVisible();
  await note.getByRole('button', { name: /Actions for the note by Marcus Reed/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Please Confirm?')).toBeVisible();
  await expect(dialog.getByText('Are you sure you want to delete the note?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(note).toHaveCount(0);
});

test('a task and a meeting on a household; the meeting is marked Held', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await openSignedIn(page, MARCUS);
  const household = await firstHousehold(page);
  await page.goto(`/client-detail/${household.clientId}?tab=activities`);

  await page.getByRole('button', { name: 'New task' }).first().click();
  const taskForm = page.getByRole('dialog');
  await taskForm.getByRole('button', { name: 'Create task' }).click();
  await expect(taskForm.getByText('Task type is required for creating task')).toBeVisible();
  await expect(taskForm.getByText('Due date is required for creating task')).toBeVisible();
  await taskForm.getByLabel('Description').fill(`Send the forms ${stamp}`);
  await taskForm.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Paperwork' }).click();
  await taskForm.getByLabel('Due date').fill('2026-12-15');
  await taskForm.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText(`Send the forms ${stamp}`)).toBeVisible();

  await page.getByRole('button', { name: 'New meeting' }).first().click();
  const meetingForm = page.getByRole('dialog');
  await meetingForm.getByLabel('Title').fill(`Signing ${stamp}`);
  await meetingForm.getByLabel('Date').fill('2026-12-16');
  await meetingForm.getByLabel('Start time').fill('10:00');
  await meetingForm.getByLabel('End time').fill('11:00');
  await meetingForm.getByLabel('Location').fill('Centric office');
  await meetingForm.getByRole('button', { name: 'Create meeting' }).click();
  const row = page.getByRole('row').filter({ hasText: `Signing ${stamp}` });
  await expect(row).toContainText('Upcoming');
  await row.getByRole('button', { name: /Update Status of/ }).click();
  await page.getByRole('menuitem', { name: 'Held' }).click();
  await expect(row).toContainText('Held');
  await expectAccessible(page);
});

test('the dashboard keeps its tab and period in the URL across a reload; Stats and Alerts pass axe', async ({
  page,
}) => {
  await openSignedIn(page, MARCUS);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/tab=updates&duration=THIS_MONTH/);
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Stats' }).click();
  await page.locator('label', { hasText: 'This year' }).click();
  await expect(page).toHaveURL(/tab=stats&duration=THIS_YEAR/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Stats' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('radio', { name: 'This year' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Households by status' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/dashboard-stats.png` });

  for (const subTab of ['Tasks', 'Special Days']) {
    await page.goto('/dashboard?tab=updates&duration=THIS_MONTH');
    await page.getByRole('tab', { name: subTab }).click();
    await expectAccessible(page);
  }

  await page.goto('/alerts');
  await expect(page).toHaveURL(/view=active&tab=ALL/);
  await expectAccessible(page);
});
