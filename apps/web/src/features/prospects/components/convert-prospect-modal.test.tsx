import type { Prospect, ProspectConversionPreview } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { masterDataItemFixture } from '../../../test/fixtures.ts';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { ConvertProspectModal } from './convert-prospect-modal.tsx';
import { PROSPECT_ID, prospectFixture } from './test-prospects.ts';

const ID = PROSPECT_ID;
const CLIENT_ID = '7a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

const prospect = (overrides: Partial<Prospect> = {}) =>
  prospectFixture({ leadStatus: 'HOT', daysSinceLastActivity: 3, ...overrides });

const preview: ProspectConversionPreview = {
  prospectId: ID,
  displayName: 'Ada Lovelace',
  type: 'PERSON',
  mode: 'NEW',
  convertedHouseholdId: null,
  household: null,
  moves: { notes: 2, activities: 3, tasks: 1, meetings: 0, attachments: 1 },
  fills: [
    { field: 'member', label: 'Primary member', value: 'Ada Lovelace' },
    { field: 'services.assetManagement', label: 'Service', value: 'Asset Management' },
  ],
  kept: [],
};

const options = (items: [number, string][]) =>
  items.map(([id, name]) => masterDataItemFixture({ id, type: 'x', name, subItemCount: 0 }));

const setUp = (
  p: Prospect,
  convert: [number, string, unknown] = [
    200,
    'Prospect converted into a household.',
    { clientId: CLIENT_ID, alreadyConverted: false, moved: preview.moves },
  ],
) => {
  const stub = stubFetch({
    [`GET /api/prospects/${ID}/conversion`]: [200, 'Success', preview],
    [`POST /api/prospects/${ID}/convert`]: convert,
    'POST /api/getGender': [
      200,
      'Success',
      options([
        [1, 'Female'],
        [2, 'Male'],
      ]),
    ],
    'POST /api/getMarriageStatus': [
      200,
      'Success',
      options([
        [5, 'Married'],
        [6, 'Single'],
      ]),
    ],
    'POST /api/getEmploymentStatus': [
      200,
      'Success',
      options([
        [7, 'Employed'],
        [8, 'Retired'],
      ]),
    ],
    'POST /api/statesType': [200, 'Success', options([[40, 'New York']])],
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const onClose = vi.fn();
  const view = renderWithProviders(<ConvertProspectModal prospect={p} onClose={onClose} />, '/prospects');
  return { stub, onClose, ...view };
};

const converts = (stub: ReturnType<typeof stubFetch>) =>
  stub.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/convert'));

describe('converting a prospect', { timeout: 20_000 }, () => {
  it('shows what moves and what the household gets; refuses a member without what it needs', async () => {
    const { stub } = setUp(prospect());
    const dialog = await screen.findByRole('dialog', { name: 'Convert Ada Lovelace' });
    expect(await within(dialog).findByLabelText('Notes: 2')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Activities: 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Attachments: 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Asset Management')).toBeInTheDocument();
    // The address comes from the prospect; the date, marriage and employment status do not.
    expect(within(dialog).getByLabelText(/^Address line 1/)).toHaveValue('12 St James Sq');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Convert to a new household' }));
    expect(await within(dialog).findByText('Date of birth is required.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Required').length).toBeGreaterThanOrEqual(1);
    expect(converts(stub)).toEqual([]);
  });

  it('sends the answers and opens the new household', async () => {
    const { stub, router, onClose } = setUp(prospect());
    const dialog = await screen.findByRole('dialog', { name: 'Convert Ada Lovelace' });
    await within(dialog).findByLabelText('Notes: 2');
    await userEvent.type(within(dialog).getByLabelText(/^Date of birth/), '1985-12-10');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Marriage status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Married' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Employment status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Retired' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Convert to a new household' }));
    await waitFor(() => expect(converts(stub)).toHaveLength(1));
    expect(converts(stub)[0]?.body).toMatchObject({
      mode: 'NEW',
      member: {
        date: '1985-12-10',
        gender: 1,
        marriageStatus: 5,
        employmentStatus: [8],
        addressLine1: '12 St James Sq',
        stateId: 40,
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/client-detail/${CLIENT_ID}`));
    expect(onClose).toHaveBeenCalled();
  });

  it('a prospect without an email cannot be converted (§4)', async () => {
    const { stub } = setUp(prospect({ email: null }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Ada Lovelace' });
    expect(within(dialog).getByText('Please add email Address')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Convert to a new household' })).toBeDisabled();
    expect(converts(stub)).toEqual([]);
  });

  it('into an existing household: a household must be chosen first', async () => {
    setUp(prospect());
    const dialog = await screen.findByRole('dialog', { name: 'Convert Ada Lovelace' });
    await userEvent.click(within(dialog).getByText('An existing household'));
    expect(await within(dialog).findByRole('combobox', { name: /^Household/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Convert into this household' })).toBeDisabled();
    expect(within(dialog).queryByLabelText(/^Date of birth/)).not.toBeInTheDocument();
  });
});
