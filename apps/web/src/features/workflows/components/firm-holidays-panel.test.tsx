import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { FirmHolidaysPanel } from './firm-holidays-panel.tsx';

const HOLIDAYS = [
  { date: '2026-11-26', name: 'Thanksgiving Day' },
  { date: '2026-12-25', name: 'Christmas Day' },
];

const renderPanel = (rights = { canWrite: true, canDelete: true }) => {
  const stub = stubFetch({
    'GET /api/firm-holidays': [200, 'Success', HOLIDAYS],
    'POST /api/firm-holidays': [
      201,
      'Holiday added successfully.',
      { date: '2026-12-31', name: "New Year's Eve" },
    ],
    'DELETE /api/firm-holidays/2026-12-25': [200, 'Holiday deleted successfully.', null],
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderWithProviders(<FirmHolidaysPanel rights={rights} />);
  return stub.calls;
};

describe('Firm holidays', { timeout: 30_000 }, () => {
  it('lists the holidays by date', async () => {
    renderPanel({ canWrite: false, canDelete: false });
    const table = await screen.findByRole('table', { name: 'Firm holidays' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DateHoliday', '11/26/2026Thanksgiving Day', '12/25/2026Christmas Day']);
    expect(screen.queryByRole('button', { name: 'Add holiday' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('adds a holiday after checking it, and deletes one', async () => {
    const calls = renderPanel();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Firm holidays' });
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    expect(screen.getByText('Please enter a valid date.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the holiday name.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-31' } });
    await user.type(screen.getByRole('textbox', { name: 'Holiday' }), "New Year's Eve");
    await user.click(screen.getByRole('button', { name: 'Add holiday' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: '2026-12-31',
      name: "New Year's Eve",
    });
    await user.click(screen.getByRole('button', { name: 'Delete Christmas Day 12/25/2026' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/firm-holidays/2026-12-25')),
      ).toBe(true),
    );
  });
});
