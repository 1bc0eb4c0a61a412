import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChangeDiff } from './change-diff.tsx';

const row = (read: boolean) => ({ read, write: false, delete: false });

describe('ChangeDiff', () => {
  it('shows the changed fields side by side, and the unchanged ones on request', async () => {
    renderWithProviders(
      <ChangeDiff
        before={{ clients: row(false), users: row(false), notes: row(false) }}
        after={{ clients: row(true), users: row(false), notes: row(false) }}
      />,
    );
    expect(screen.getByRole('cell', { name: 'clients' })).toBeInTheDocument();
    expect(screen.getByText('read: false, write: false, delete: false')).toBeInTheDocument();
    expect(screen.getByText('read: true, write: false, delete: false')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'users' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show 2 unchanged fields' }));
    expect(screen.getByRole('cell', { name: 'users' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'notes' })).toBeInTheDocument();
  });

  it('shows every field of a created record', () => {
    renderWithProviders(<ChangeDiff before={null} after={{ name: 'Standard', rate: '1.25' }} />);
    expect(screen.getByRole('cell', { name: 'name' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Standard' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
