import { STRATEGY_MESSAGES, type Strategy } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { masterDataItemFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StrategiesManager } from './strategies-manager.tsx';
import { StrategyFormModal, targetsTotal } from './strategy-form-modal.tsx';

const LARGE_CAP = {
  id: '6b0e0f4c-6a3b-4e1f-9d2c-1a2b3c4d5e6f',
  assetClass: 'Equity',
  assetCategory: 'US Large Cap',
};
const BONDS = {
  id: '7c1f1a5d-7b4c-4f2a-8e3d-2b3c4d5e6f70',
  assetClass: 'Fixed Income',
  assetCategory: 'Core Bonds',
};

const SAVED: Strategy = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Balanced 60/40',
  strategyType: { id: 3, name: 'Asset Allocation' },
  description: null,
  viewableByClient: false,
  display: 'MODEL',
  grouping: 'ASSET_CATEGORY',
  riskNumber: 45,
  targets: [],
  accountCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const envelope = (status: number, message: string, result: unknown, extra: object = {}) =>
  new Response(JSON.stringify({ statusCode: status, message, result, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The lists the form picks from; the saves answer `saves` in turn. */
const renderForm = (saves: Response[]) => {
  const writes: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/master-data/strategy-types'))
        return envelope(200, 'Success', [
          masterDataItemFixture({ id: 3, type: 'strategy-types', name: 'Asset Allocation' }),
        ]);
      if (url.startsWith('/api/asset-classes/options')) return envelope(200, 'Success', [LARGE_CAP, BONDS]);
      writes.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      return saves.shift() ?? envelope(500, 'No answer.', null);
    }),
  );
  const onClose = vi.fn();
  renderWithProviders(<StrategyFormModal target="new" onClose={onClose} />);
  return { writes, onClose };
};

/** The input of a field (a Select's label also names its dropdown). */
const input = (label: RegExp | string) => {
  const found = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!found) throw new Error(`no input ${String(label)}`);
  return found;
};

const pick = async (user: ReturnType<typeof userEvent.setup>, label: RegExp | string, option: string) => {
  await user.click(input(label));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the strategy form', { timeout: 30_000 }, () => {
  it("shows the contract's messages and sends nothing", async () => {
    const user = userEvent.setup();
    const { writes } = renderForm([]);
    await user.click(await screen.findByRole('button', { name: 'Add strategy' }));
    expect(await screen.findByText(STRATEGY_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(STRATEGY_MESSAGES.strategyTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(STRATEGY_MESSAGES.riskNumberRange)).toBeInTheDocument();
    expect(screen.getByText(STRATEGY_MESSAGES.targetRange)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Target % of target 1' }), '101');
    await user.clear(screen.getByRole('textbox', { name: 'Upper tolerance of target 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Upper tolerance of target 1' }), '30');
    await user.click(screen.getByRole('button', { name: 'Add strategy' }));
    expect(await screen.findByText(STRATEGY_MESSAGES.toleranceRange)).toBeInTheDocument();
    expect(screen.getByText(STRATEGY_MESSAGES.targetRange)).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('adds up the targets as they are typed and needs 100%', async () => {
    const user = userEvent.setup();
    const { writes, onClose } = renderForm([envelope(201, STRATEGY_MESSAGES.created, SAVED)]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), ' Balanced 60/40 ');
    await pick(user, /^Strategy type/, 'Asset Allocation');
    await user.type(input(/^Risk number/), '45');

    await pick(user, 'Asset category of target 1', 'Equity · US Large Cap');
    await user.type(screen.getByRole('textbox', { name: 'Target % of target 1' }), '60');
    expect(screen.getByRole('status')).toHaveTextContent('Total 60%');
    expect(screen.getByText(/40% left to allocate/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add strategy' }));
    // Refused as it stands: the total says why, in red.
    expect(await screen.findByText(new RegExp(STRATEGY_MESSAGES.targetsTotal))).toHaveAttribute(
      'data-error',
      'true',
    );
    expect(writes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add target' }));
    await pick(user, 'Asset category of target 2', 'Fixed Income · Core Bonds');
    await user.type(screen.getByRole('textbox', { name: 'Target % of target 2' }), '40.5');
    expect(screen.getByRole('status')).toHaveTextContent('Total 100.5%');
    expect(screen.getByText(/0.5% too many/)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Target % of target 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Target % of target 2' }), '40');
    expect(screen.getByRole('status')).toHaveTextContent('Total 100%');
    expect(screen.getByText('Every percent of the account is allocated.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add strategy' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes[0]).toEqual({
      method: 'POST',
      url: '/api/strategies',
      body: {
        name: 'Balanced 60/40',
        strategyTypeId: 3,
        description: null,
        viewableByClient: false,
        display: 'MODEL',
        grouping: 'ASSET_CATEGORY',
        riskNumber: 45,
        targets: [
          {
            assetClassId: LARGE_CAP.id,
            productId: null,
            target: '60',
            lowerTolerance: '5',
            upperTolerance: '5',
          },
          { assetClassId: BONDS.id, productId: null, target: '40', lowerTolerance: '5', upperTolerance: '5' },
        ],
      },
    });
  });

  it("puts the server's refusal on its field", async () => {
    const user = userEvent.setup();
    const { onClose } = renderForm([
      envelope(409, STRATEGY_MESSAGES.nameTaken, null, {
        errors: [{ field: 'name', message: STRATEGY_MESSAGES.nameTaken }],
      }),
    ]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Growth');
    await pick(user, /^Strategy type/, 'Asset Allocation');
    await user.type(input(/^Risk number/), '70');
    await pick(user, 'Asset category of target 1', 'Equity · US Large Cap');
    await user.type(screen.getByRole('textbox', { name: 'Target % of target 1' }), '100');
    await user.click(screen.getByRole('button', { name: 'Add strategy' }));
    const form = screen.getByRole('form', { name: 'New strategy' });
    expect(await within(form).findByText(STRATEGY_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the strategies list', { timeout: 30_000 }, () => {
  it('lists the strategies with their targets and says why one assigned to accounts stays', async () => {
    const user = userEvent.setup();
    const assigned: Strategy = {
      ...SAVED,
      accountCount: 12,
      targets: [
        {
          id: 't1',
          assetClassId: LARGE_CAP.id,
          productId: null,
          label: 'Equity · US Large Cap',
          target: '60.00',
          lowerTolerance: '5.00',
          upperTolerance: '5.00',
        },
        {
          id: 't2',
          assetClassId: BONDS.id,
          productId: null,
          label: 'Fixed Income · Core Bonds',
          target: '40.00',
          lowerTolerance: '5.00',
          upperTolerance: '5.00',
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'DELETE'
          ? envelope(409, STRATEGY_MESSAGES.inUse, null)
          : envelope(200, 'Success', [assigned], { totalResults: 1 }),
      ),
    );
    renderWithProviders(
      <StrategiesManager rights={{ canWrite: true, canDelete: true }} />,
      '/bookkeeping?tab=strategies',
    );
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('Balanced 60/40'));
    expect(row).toHaveTextContent('Equity · US Large Cap 60%, Fixed Income · Core Bonds 40%');
    await user.click(screen.getByRole('button', { name: 'Delete Balanced 60/40' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please Confirm?' });
    expect(confirm).toHaveTextContent('12 accounts follow it');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(STRATEGY_MESSAGES.inUse)).toBeInTheDocument();
  });
});

describe('targetsTotal', () => {
  it('adds the targets in hundredths, leaving out what is not a number yet', () => {
    expect(targetsTotal([{ target: '60' }, { target: '39.99' }, { target: '0.01' }])).toBe(10_000n);
    expect(targetsTotal([{ target: '12.5' }, { target: 'abc' }, { target: '' }])).toBe(1_250n);
  });
});
