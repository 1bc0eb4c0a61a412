import { type AssetClassItem, PRODUCT_MESSAGES, type PriceImportResult } from '@centric/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render.tsx';
import { PriceImportModal, PriceImportReport } from './price-import-modal.tsx';
import { ProductFormModal } from './product-form-modal.tsx';

const LARGE_CAP: AssetClassItem = {
  id: '6b0e0f4c-6a3b-4e1f-9d2c-1a2b3c4d5e6f',
  assetClass: 'Equity',
  assetCategory: 'US Large Cap',
  productType: 'EQUITY',
  avdReportable: true,
  fReportable: true,
  productCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const SAVED = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Apple Inc.',
  symbol: 'AAPL',
  cusip: '037833100',
  productType: 'EQUITY',
  securityType: null,
  assetClass: { id: LARGE_CAP.id, assetClass: 'Equity', assetCategory: 'US Large Cap' },
  advReportable: true,
  f13Reportable: true,
  latestPrice: null,
  fixedUnitPrice: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const renderForm = (routes: Parameters<typeof stubFetch>[0] = {}) => {
  const stub = stubFetch({
    'GET /api/asset-classes': [200, 'Success', [LARGE_CAP]],
    'GET /api/products/security-types': [200, 'Success', [{ id: 7, name: 'Equity' }]],
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const onClose = vi.fn();
  renderWithProviders(<ProductFormModal target="new" onClose={onClose} />);
  const writes = () => stub.calls.filter((c) => c.method !== 'GET');
  return { onClose, writes };
};

const input = (label: RegExp) => {
  const found = screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT');
  if (!found) throw new Error(`no input ${String(label)}`);
  return found;
};

describe('ProductFormModal', { timeout: 30_000 }, () => {
  it("shows the contract's messages and sends nothing", async () => {
    const user = userEvent.setup();
    const { writes } = renderForm();
    await user.type(input(/^Name/), '   ');
    await user.type(input(/^CUSIP/), '037833101');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.nameOnlySpaces)).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_MESSAGES.cusipCheckDigit)).toBeInTheDocument();
    expect(screen.getByText(PRODUCT_MESSAGES.productTypeInvalid)).toBeInTheDocument();

    await user.clear(input(/^CUSIP/));
    await user.type(input(/^Symbol/), 'BRK B');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.symbolInvalid)).toBeInTheDocument();
    await user.clear(input(/^Symbol/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.identifierRequired)).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('needs an asset class unless the product is cash', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(input(/^Name/), 'Apple Inc.');
    await user.type(input(/^Symbol/), 'aapl');
    await user.click(input(/^Product type/));
    await user.click(await screen.findByRole('option', { name: 'Equity' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PRODUCT_MESSAGES.assetClassRequired)).toBeInTheDocument();
    await user.click(input(/^Product type/));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await waitFor(() =>
      expect(screen.queryByText(PRODUCT_MESSAGES.assetClassRequired)).not.toBeInTheDocument(),
    );
  });

  it('sends the body with the picked class, whose ADV and 13F defaults it takes, and closes', async () => {
    const user = userEvent.setup();
    const { writes, onClose } = renderForm({ 'POST /api/products': [201, PRODUCT_MESSAGES.created, SAVED] });
    await user.type(input(/^Name/), ' Apple Inc. ');
    await user.type(input(/^Symbol/), 'aapl');
    await user.type(input(/^CUSIP/), '037833100');
    await user.click(input(/^Product type/));
    await user.click(await screen.findByRole('option', { name: 'Equity' }));
    await user.click(input(/^Asset class/));
    await user.click(await screen.findByRole('option', { name: 'US Large Cap' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: '/api/products',
      body: {
        name: 'Apple Inc.',
        symbol: 'AAPL',
        cusip: '037833100',
        productType: 'EQUITY',
        securityTypeId: null,
        assetClassId: LARGE_CAP.id,
        advReportable: true,
        f13Reportable: true,
      },
    });
  });

  it('adds an asset class inline and picks it', async () => {
    const user = userEvent.setup();
    const created = { ...LARGE_CAP, id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', assetCategory: 'US Mid Cap' };
    const { writes } = renderForm({
      'POST /api/asset-classes': [201, PRODUCT_MESSAGES.assetClassCreated, created],
    });
    await user.click(await screen.findByRole('button', { name: 'Add asset class' }));
    const group = screen.getByRole('group', { name: 'New asset class' });
    await user.click(within(group).getByRole('button', { name: 'Save asset class' }));
    expect(await within(group).findByText(PRODUCT_MESSAGES.assetCategoryRequired)).toBeInTheDocument();

    const [classInput] = within(group)
      .getAllByLabelText(/Asset class/)
      .filter((el) => el.tagName === 'INPUT');
    if (!classInput) throw new Error('no asset class picker');
    await user.click(classInput);
    await user.click(await screen.findByRole('option', { name: 'Equity' }));
    const [typeInput] = within(group)
      .getAllByLabelText(/Product type/)
      .filter((el) => el.tagName === 'INPUT');
    if (!typeInput) throw new Error('no product type picker');
    await user.click(typeInput);
    await user.click(await within(group).findByRole('option', { name: 'Fixed income' }));
    const [categoryInput] = within(group)
      .getAllByLabelText(/Asset category/)
      .filter((el) => el.tagName === 'INPUT');
    if (!categoryInput) throw new Error('no asset category field');
    await user.type(categoryInput, 'US Mid Cap{Enter}');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toMatchObject({
      assetClass: 'Equity',
      assetCategory: 'US Mid Cap',
      addAssetCategory: true,
    });
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'New asset class' })).not.toBeInTheDocument(),
    );
  });
});

const PREVIEW: PriceImportResult = {
  dryRun: true,
  rows: 5,
  imported: 3,
  unchanged: 0,
  refused: [
    { line: 4, identifier: 'NOPE', message: PRODUCT_MESSAGES.lineUnknownProduct },
    { line: 6, identifier: 'SPY', message: PRODUCT_MESSAGES.lineDuplicate(2) },
  ],
  refusedCount: 2,
};

describe('price import', { timeout: 30_000 }, () => {
  it('the report shows the counts and every refused line with why', () => {
    renderWithProviders(<PriceImportReport result={PREVIEW} />);
    const counts = screen.getByRole('group', { name: 'Preview' });
    expect(within(counts).getByText('To import').previousSibling).toHaveTextContent('3');
    const rows = within(screen.getByRole('table', { name: 'Refused lines' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      `4NOPE${PRODUCT_MESSAGES.lineUnknownProduct}`,
      `6SPY${PRODUCT_MESSAGES.lineDuplicate(2)}`,
    ]);
  });

  it('previews the chosen file, then imports it', async () => {
    const user = userEvent.setup();
    const stub = stubFetch({
      'POST /api/products/prices/import': [200, PRODUCT_MESSAGES.importPreviewed, PREVIEW],
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderWithProviders(<PriceImportModal opened onClose={vi.fn()} />);
    const file = new File(['symbol,date,price\nSPY,2026-01-30,601.5\n'], 'prices.csv', { type: 'text/csv' });
    const fileInput = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('no file input');
    await user.upload(fileInput, file);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Preview: nothing is saved until you import.')).toBeInTheDocument();
    expect(stub.calls[0]?.url).toBe('/api/products/prices/import?dryRun=true');
    expect(stub.calls[0]?.body).toBeInstanceOf(FormData);

    const imported = { ...PREVIEW, dryRun: false };
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/products/prices/import': [200, PRODUCT_MESSAGES.imported(3, 0), imported] })
        .fetchStub,
    );
    await user.click(screen.getByRole('button', { name: 'Import 3 prices' }));
    expect(await screen.findByText('Imported: 3 prices saved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
