import { Table } from '@mantine/core';
import { IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { type RowAction, RowActionsCell, RowActionsHeader } from './row-actions.tsx';

const renderRow = (actions: RowAction[]) =>
  renderWithProviders(
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <RowActionsHeader />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>Standard AUM</Table.Td>
          <RowActionsCell name="Standard AUM" actions={actions} />
        </Table.Tr>
      </Table.Tbody>
    </Table>,
  );

describe('RowActionsCell', () => {
  it('names each action after the row, in order, and leaves out those not allowed', () => {
    renderRow([
      { label: 'Resume', icon: IconPlayerPlay, onClick: () => undefined },
      { label: 'Edit', icon: IconPencil, allowed: false, onClick: () => undefined },
      { label: 'Delete', icon: IconTrash, danger: true, onClick: () => undefined },
    ]);
    const cell = screen.getAllByRole('cell')[1]!;
    expect(
      within(cell)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Resume Standard AUM', 'Delete Standard AUM']);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('runs an action from the keyboard and shows its verb as the tooltip', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderRow([
      { label: 'Edit', icon: IconPencil, onClick: onEdit },
      { label: 'Delete', icon: IconTrash, danger: true, onClick: onDelete },
    ]);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit Standard AUM' })).toHaveFocus();
    expect(await screen.findByText('Edit')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledTimes(1);
    await user.tab();
    await user.keyboard(' ');
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
