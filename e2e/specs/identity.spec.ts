import { expect, test, type Browser, type Page } from '@playwright/test';
import { SCREENS_DIR } from '../support/env.ts';
import { expectAccessible, linkFromMail, totp } from '../support/helpers.ts';
import { openSignedIn } from '../support/sign-in.ts';

const ADMIN = 'jordan.hayes@centric.local';
const NEW_USER = { name: 'Casey Viewer', email: 'casey.viewer@centric.local', password: 'Harbor#Gate27' };
const ROLE = 'Client Viewer';

const newPage = async (browser: Browser): Promise<Page> => (await browser.newContext()).newPage();

test('an administrator creates a role and invites a user, who sees only what the role allows; the audit log shows it all', async ({
  browser,
}) => {
  const admin = await newPage(browser);
  await openSignedIn(admin, ADMIN);

  // A role that allows only reading clients.
  await admin.goto('/roles');
  await expect(admin.getByRole('table', { name: 'Roles' })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'New role' }).click();
  const roleDialog = admin.getByRole('dialog');
  await roleDialog.getByLabel('Role name').fill(ROLE);
  await roleDialog.getByLabel('Description').fill('Can look at client households, nothing else.');
  await roleDialog.getByRole('button', { name: 'Create role' }).click();
  await expect(roleDialog).toBeHidden();
  const grid = admin.getByRole('table', { name: 'Permissions' });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('checkbox', { name: 'Read Clients', exact: true })).not.toBeChecked();
  await grid.getByRole('checkbox', { name: 'Read Clients', exact: true }).check();
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(/saved|updated/i).first()).toBeVisible();
  await admin.screenshot({ path: `${SCREENS_DIR}/roles.png`, fullPage: true });

  // Invite a user with that role.
  await admin.goto('/users');
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Add user' }).first().click();
  const userDialog = admin.getByRole('dialog');
  await userDialog.getByRole('button', { name: 'Add user' }).click();
  await expect(admin.getByText('Please fill all required field').first()).toBeVisible();
  await userDialog.getByLabel('Full name').fill(NEW_USER.name);
  await userDialog.getByLabel('Email').fill(NEW_USER.email);
  await userDialog.getByRole('combobox', { name: 'Role' }).click();
  await admin.getByRole('option', { name: ROLE }).click();
  await userDialog.getByRole('button', { name: 'Add user' }).click();
  await expect(admin.getByText('New user added.')).toBeVisible();
  await expect(admin.getByRole('cell', { name: NEW_USER.email })).toBeVisible();
  await admin.screenshot({ path: `${SCREENS_DIR}/users.png`, fullPage: true });

  // The invited user accepts through the mailed link, sets a password and enrols MFA.
  const link = await linkFromMail(NEW_USER.email, /http:\/\/localhost:\d+\/reset-password\?[^\s"<]+/);
  const user = await newPage(browser);
  await user.goto(link);
  await user.getByLabel('New Password', { exact: true }).fill(NEW_USER.password);
  await user.getByLabel('Confirm New Password').fill(NEW_USER.password);
  await user.getByRole('button', { name: 'Set Password' }).click();
  await expect(user).toHaveURL(/\/password-reset-done/);
  await user.goto('/');
  await user.getByLabel('Email').fill(NEW_USER.email);
  await user.getByLabel('Password', { exact: true }).fill(NEW_USER.password);
  await user.getByRole('button', { name: 'Sign In' }).click();
  await expect(user).toHaveURL(/\/mfa\/setup$/);
  const secret = (await user.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  await user.getByLabel('Authentication code').fill(totp(secret));
  await user.getByLabel('Authentication code').press('Enter');

  // Only clients read: no screen of this build is open to the role, so every page is refused and the
  // sidebar offers nothing.
  await expect(user).toHaveURL(/\/unauthorized$/);
  await expect(user.getByText('You do not have permission to view this page.')).toBeVisible();
  const nav = user.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveCount(0);
  for (const path of ['/users', '/roles', '/audit-logs', '/master-data/gender']) {
    await user.goto(path);
    await expect(user).toHaveURL(/\/unauthorized$/);
  }
  // The server refuses too, whatever the page does.
  const refused = await user.evaluate(async () => {
    const token = sessionStorage.getItem('centric.accessToken');
    const res = await fetch('/api/users', { headers: { authorization: `Bearer ${token}` } });
    return res.status;
  });
  expect(refused).toBe(403);

  // The administrator sees all of it in the audit log.
  await admin.goto(`/audit-logs?actor=${encodeURIComponent('casey.viewer')}`);
  const log = admin.getByRole('table').filter({ hasText: 'What happened' });
  for (const action of ['PASSWORD_RESET', 'SIGN_IN', 'ACCESS_DENIED']) {
    await expect(log.getByText(action, { exact: true }).first()).toBeVisible();
  }
  // Each row reads as a sentence: the refused request names the user and the permission it lacked.
  await expect(log.getByText(/^Access denied to .+: no permission to /).first()).toBeVisible();
  await admin.goto('/audit-logs?entity=rolePermission');
  await expect(admin.getByText('jordan.hayes@centric.local').first()).toBeVisible();
  await admin
    .getByRole('button', { name: /Show details of entry/ })
    .first()
    .click();
  await expect(admin.getByRole('cell', { name: 'Field' })).toBeVisible();
  await expectAccessible(admin);
  await admin.screenshot({ path: `${SCREENS_DIR}/audit-log.png`, fullPage: true });
  await admin.goto('/audit-logs?action=INVITE');
  await expect(admin.getByText('jordan.hayes@centric.local').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Verify integrity' }).click();
  await expect(admin.getByText('Audit trail intact')).toBeVisible();
  // Said once: in the panel, not in a toast as well.
  await expect(admin.locator('[data-kind]')).toHaveCount(0);
});

test('an administrator edits a master-data list with sub-items', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  await page.goto('/master-data/religious-affiliations');
  await expect(page.getByRole('heading', { name: 'Religious Affiliations' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Sub-religions of Judaism/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Sub-religions of Judaism' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Add sub-religion' }).click();
  const form = page.getByRole('dialog', { name: 'Add sub-religion' });
  await form.getByLabel('Name').fill('   ');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Name cannot contain only spaces.')).toBeVisible();
  // A name that is there already is refused; a new one is added.
  await form.getByLabel('Name').fill('Reform');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/already exists/).first()).toBeVisible();
  await form.getByLabel('Name').fill('Humanistic');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(drawer.getByRole('cell', { name: 'Humanistic', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/master-data-sub-items.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Sub-religions of Judaism: 5/ })).toBeVisible();
});

test('an administrator creates a team with members', async ({ page }) => {
  await openSignedIn(page, ADMIN);
  await page.goto('/teams');
  await expect(page.getByText('No teams yet')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'New team' }).click();
  const dialog = page.getByRole('dialog', { name: 'New team' });
  await dialog.getByLabel('Team name').fill('North Shore Wealth');
  await dialog.getByLabel('Location').fill('Boston, MA');
  await dialog.getByLabel('Email alias').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog.getByText(/valid email/i)).toBeVisible();
  await dialog.getByLabel('Email alias').fill('northshore@centric.local');
  await dialog.getByRole('combobox', { name: 'Members' }).fill('Olivia');
  await page.getByRole('option', { name: /Olivia Bennett/ }).click();
  // Leave the member picker (its list stays open for more picks).
  await dialog.getByLabel('Team name').click();
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'NS North Shore Wealth' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENS_DIR}/teams.png` });
});
