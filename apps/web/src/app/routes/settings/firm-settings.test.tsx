import { MASTER_DATA_MESSAGES, SYSCONFIG_MESSAGES, type Sysconfig } from '@centric/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startFullSession } from '../../../lib/session.ts';
import { makeUser, permissions, renderRoutes } from '../../../test/render.tsx';
import { FirmSettingsScreen } from './firm-settings.tsx';

const SAVED: Sysconfig = { ssnMasking: true, largeWithdrawalAmount: '100000.00', largeWithdrawalPercent: 25 };

const envelope = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Administrator rights, or masterData read without write. */
const userWith = (canWrite: boolean) =>
  makeUser({
    role: canWrite ? { id: 1, role: 'Administrator' } : { id: 2, role: 'Wealth Advisor' },
    userPermission: permissions().map((entry) =>
      entry.feature === 'masterData' && !canWrite ? { ...entry, write: false, delete: false } : entry,
    ),
  });

/** /settings signed in; GET answers `load`, each PUT the next of `saves`. */
const renderSettings = ({
  canWrite = true,
  load = () => envelope(200, 'Success', SAVED),
  saves = [],
}: { canWrite?: boolean; load?: () => Response | Promise<Response>; saves?: Response[] } = {}) => {
  startFullSession({ token: 'full-token', sso: false, user: userWith(canWrite) });
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === '/api/sysconfig') return load();
      if (method === 'PUT' && url === '/api/sysconfig') {
        puts.push(typeof init?.body === 'string' ? JSON.parse(init.body) : null);
        return saves.shift() ?? envelope(500, 'No answer.', null);
      }
      return envelope(404, 'Not found.', null);
    }),
  );
  renderRoutes([{ path: '/settings', element: <FirmSettingsScreen /> }], ['/settings']);
  return { puts };
};

const WAIT = { timeout: 10_000 };
const amount = () => screen.getByRole('textbox', { name: /^Large withdrawal amount/ });
const share = () => screen.getByRole('textbox', { name: /^Large withdrawal share/ });
const masking = () => screen.getByRole('switch', { name: /^Accept masked SSNs/ });
const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

const replace = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.type(field, text);
};

describe('Firm settings', { timeout: 30_000 }, () => {
  it('shows a skeleton, then the saved settings with nothing to save yet', async () => {
    let answer: (response: Response) => void = () => undefined;
    renderSettings({ load: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(await screen.findByRole('status', { name: 'Loading firm settings...' })).toBeInTheDocument();
    answer(envelope(200, 'Success', SAVED));

    expect(await screen.findByRole('heading', { name: 'Client records' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transaction alerts' })).toBeInTheDocument();
    expect(masking()).toBeChecked();
    expect(amount()).toHaveValue('100,000.00');
    expect(share()).toHaveValue('25%');
    expect(saveButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  });

  it("sends only what changed and shows the server's message", async () => {
    const user = userEvent.setup();
    const { puts } = renderSettings({
      saves: [
        envelope(200, MASTER_DATA_MESSAGES.settingsUpdated, {
          ...SAVED,
          largeWithdrawalAmount: '50000.00',
          largeWithdrawalPercent: 10,
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'Transaction alerts' }, WAIT);
    await replace(user, amount(), '50000');
    expect(amount()).toHaveValue('50,000');
    await replace(user, share(), '10');
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());

    expect(await screen.findByText(MASTER_DATA_MESSAGES.settingsUpdated)).toBeInTheDocument();
    expect(puts).toEqual([{ largeWithdrawalAmount: '50000.00', largeWithdrawalPercent: 10 }]);
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(amount()).toHaveValue('50,000.00');
    expect(share()).toHaveValue('10%');
  });

  it('keeps an amount typed the same as the saved one as unchanged, and discards changes', async () => {
    const user = userEvent.setup();
    renderSettings();
    await screen.findByRole('heading', { name: 'Transaction alerts' }, WAIT);
    await replace(user, amount(), '100000');
    expect(saveButton()).toBeDisabled();

    await user.click(masking());
    expect(masking()).not.toBeChecked();
    expect(saveButton()).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(masking()).toBeChecked();
    expect(saveButton()).toBeDisabled();
  });

  it("checks the fields with the contract's messages before sending", async () => {
    const user = userEvent.setup();
    const { puts } = renderSettings();
    await screen.findByRole('heading', { name: 'Transaction alerts' }, WAIT);
    await replace(user, amount(), '0');
    await replace(user, share(), '101');
    await user.click(saveButton());

    expect(await screen.findByText(SYSCONFIG_MESSAGES.largeWithdrawalAmount)).toBeInTheDocument();
    expect(screen.getByText(SYSCONFIG_MESSAGES.largeWithdrawalPercent)).toBeInTheDocument();
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    expect(share()).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);
  });

  it("puts a refused save's field error on its field", async () => {
    const user = userEvent.setup();
    const { puts } = renderSettings({
      saves: [
        envelope(400, 'Validation failed.', null, {
          errors: [{ field: 'largeWithdrawalPercent', message: SYSCONFIG_MESSAGES.largeWithdrawalPercent }],
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'Transaction alerts' }, WAIT);
    await replace(user, share(), '40');
    await user.click(saveButton());

    expect(await screen.findByText(SYSCONFIG_MESSAGES.largeWithdrawalPercent)).toBeInTheDocument();
    expect(share()).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Validation failed.')).toBeInTheDocument();
    expect(puts).toEqual([{ largeWithdrawalPercent: 40 }]);
    // Still changed: the user can correct it and save again.
    expect(saveButton()).toBeEnabled();
  });

  it('shows the settings read-only without masterData write', async () => {
    renderSettings({ canWrite: false });
    await screen.findByRole('heading', { name: 'Transaction alerts' }, WAIT);
    expect(screen.getByText(/changing them needs permission to write Master Data/)).toBeInTheDocument();
    expect(masking()).toBeDisabled();
    expect(amount()).toHaveAttribute('readonly');
    expect(share()).toHaveAttribute('readonly');
    expect(amount()).toHaveValue('100,000.00');
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
  });

  it('says why the settings could not be loaded, with Try again', async () => {
    renderSettings({ load: () => envelope(500, 'The database is not answering.', null) });
    expect(await screen.findByText('The settings could not be loaded', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('The database is not answering.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
