import { FEATURES, type RolePermissionRow } from '@centric/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PermissionGrid } from './permission-grid.tsx';
import {
  type Matrix,
  columnState,
  lockedCellsOf,
  rowState,
  setCell,
  setColumn,
  setRow,
} from './permission-grid-state.ts';

const none = (): RolePermissionRow[] =>
  FEATURES.map((feature) => ({ feature, read: false, write: false, delete: false }));
const all = (): RolePermissionRow[] =>
  FEATURES.map((feature) => ({ feature, read: true, write: true, delete: true }));
const row = (matrix: Matrix, feature: string) => matrix.find((r) => r.feature === feature);

const open = lockedCellsOf(5);
const admin = lockedCellsOf(1);

describe('permission grid rules', () => {
  it('write or delete switch read on; read off switches write and delete off', () => {
    let m: Matrix = none();
    m = setCell(m, 'clients', 'write', true, open);
    expect(row(m, 'clients')).toEqual({ feature: 'clients', read: true, write: true, delete: false });
    m = setCell(m, 'clients', 'delete', true, open);
    m = setCell(m, 'clients', 'read', false, open);
    expect(row(m, 'clients')).toEqual({ feature: 'clients', read: false, write: false, delete: false });
  });

  it('select-all per row and per column, with their mixed states', () => {
    let m: Matrix = none();
    m = setRow(m, 'notes', true, open);
    expect(rowState(row(m, 'notes')!)).toBe('all');
    expect(columnState(m, 'read')).toBe('some');
    m = setColumn(m, 'delete', true, open);
    expect(m.every((r) => r.read && r.delete && (r.feature === 'notes' ? r.write : !r.write))).toBe(true);
    expect(columnState(m, 'delete')).toBe('all');
    m = setColumn(m, 'read', false, open);
    expect(columnState(m, 'read')).toBe('none');
    expect(columnState(m, 'delete')).toBe('none');
  });

  it("never changes the administrator's protected cells", () => {
    let m: Matrix = all();
    m = setColumn(m, 'read', false, admin);
    m = setColumn(m, 'write', false, admin);
    m = setRow(m, 'users', false, admin);
    expect(row(m, 'users')).toEqual({ feature: 'users', read: true, write: true, delete: false });
    expect(row(m, 'roles')).toEqual({ feature: 'roles', read: true, write: true, delete: true });
    expect(row(m, 'clients')).toEqual({ feature: 'clients', read: false, write: false, delete: false });
    expect(setCell(m, 'roles', 'read', false, admin)).toEqual(m);
  });
});

const Harness = ({ roleId, initial }: { roleId: number; initial: Matrix }) => {
  const [value, setValue] = useState<Matrix>(initial);
  return <PermissionGrid value={value} onChange={setValue} locked={lockedCellsOf(roleId)} />;
};

describe('PermissionGrid', () => {
  it('groups features by module and toggles a whole row and a whole column', async () => {
    renderWithProviders(<Harness roleId={7} initial={none()} />);
    const typist = userEvent.setup();
    const table = screen.getByRole('table', { name: 'Permissions' });
    for (const heading of ['Main', 'Workflows', 'Products & Billing', 'Identity access management']) {
      expect(within(table).getByRole('columnheader', { name: heading })).toBeInTheDocument();
    }

    await typist.click(screen.getByRole('checkbox', { name: 'All rights on Clients' }));
    expect(screen.getByRole('checkbox', { name: 'Read Clients' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Write Clients' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delete Clients' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'All Read' })).toHaveAttribute('data-indeterminate', 'true');

    await typist.click(screen.getByRole('checkbox', { name: 'All Write' }));
    expect(screen.getByRole('checkbox', { name: 'Write Users' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Read Users' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'All Read' })).toBeChecked();

    await typist.click(screen.getByRole('checkbox', { name: 'All Read' }));
    expect(screen.getByRole('checkbox', { name: 'Write Users' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'All rights on Clients' })).not.toBeChecked();
  });

  it("disables the administrator's protected cells and keeps them checked", async () => {
    renderWithProviders(<Harness roleId={1} initial={all()} />);
    const typist = userEvent.setup();
    for (const name of ['Read Users', 'Write Users', 'Read Roles', 'Write Roles']) {
      expect(screen.getByRole('checkbox', { name })).toBeDisabled();
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    }
    expect(screen.getByRole('checkbox', { name: 'Delete Users' })).toBeEnabled();
    await typist.click(screen.getByRole('checkbox', { name: 'All Read' }));
    expect(screen.getByRole('checkbox', { name: 'Read Users' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Read Clients' })).not.toBeChecked();
  });
});
