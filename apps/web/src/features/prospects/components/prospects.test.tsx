import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { ProspectFormModal } from './prospect-form-modal.tsx';
import { ProspectsBoard } from './prospects-board.tsx';
import { PROSPECT_ID, prospectRowFixture } from './test-prospects.ts';

const ID = PROSPECT_ID;

const row = prospectRowFixture;

describe('the board', () => {
  it('puts each card under its lead status, shows stale days, and moves a card with the arrow keys', async () => {
    const stub = stubFetch({ [`PUT /api/prospects/${ID}/lead-status`]: [200, 'Lead status updated.', null] });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderWithProviders(<ProspectsBoard items={[row()]} canMove onOpen={vi.fn()} />);
    const warm = screen.getByRole('region', { name: 'Warm prospects' });
    const card = screen.getByRole('button', { name: 'Ada Lovelace, Warm' });
    expect(warm).toContainElement(card);
    expect(screen.getByText('31 days')).toBeInTheDocument();
    card.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(stub.calls.filter((c) => c.method === 'PUT')).toEqual([
        expect.objectContaining({ url: `/api/prospects/${ID}/lead-status`, body: { leadStatus: 'HOT' } }),
      ]),
    );
  });

  it('does not move cards for a reader', async () => {
    const stub = stubFetch({});
    vi.stubGlobal('fetch', stub.fetchStub);
    renderWithProviders(
      <ProspectsBoard items={[row({ leadStatus: 'COLD' })]} canMove={false} onOpen={vi.fn()} />,
    );
    screen.getByRole('button', { name: 'Ada Lovelace, Cold' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(stub.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('the form', () => {
  it('shows every refusal of the contract at once and sends nothing; combined interests is the total', async () => {
    const stub = stubFetch({});
    vi.stubGlobal('fetch', stub.fetchStub);
    renderWithProviders(<ProspectFormModal target="new" onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add prospect' });
    await userEvent.type(screen.getByLabelText('Asset management'), '1000');
    await userEvent.type(screen.getByLabelText('Risk management'), '250.50');
    expect(screen.getByText('Combined interests: $1,250.50')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Phone/), '555');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select any one lead status')).toBeInTheDocument();
    expect(screen.getByText('Please add valid phone number with area code')).toBeInTheDocument();
    expect(screen.getByText('Please add Source Name')).toBeInTheDocument();
    expect(screen.getByText('Please select a primary advisor.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(2);
    expect(dialog).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.url.startsWith('/api/prospects'))).toEqual([]);
  });
});
