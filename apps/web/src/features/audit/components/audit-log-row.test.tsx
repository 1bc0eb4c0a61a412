import { auditNameKey, type AuditLogEntry } from '@centric/contracts';
import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AuditLogRow } from './audit-log-row.tsx';

const JORDAN = '11111111-1111-4111-8111-111111111111';
const ANN = '22222222-2222-4222-8222-222222222222';

const row: AuditLogEntry = {
  id: 42,
  occurredAt: '2026-11-24T10:00:00.000Z',
  actorId: JORDAN,
  actorEmail: 'jordan@centric.local',
  action: 'UPDATE',
  entity: 'user',
  entityId: ANN,
  before: { roleId: 5, fullName: 'Ann Lee' },
  after: { roleId: 2, fullName: 'Ann Lee' },
  requestId: 'req-1',
  ip: '127.0.0.1',
  names: {
    [auditNameKey('user', JORDAN)]: 'Jordan Hayes',
    [auditNameKey('user', ANN)]: 'Ann Lee',
    [auditNameKey('role', 5)]: 'Operations',
    [auditNameKey('role', 2)]: 'Wealth Advisor',
  },
};

const Harness = () => {
  const [open, setOpen] = useState(false);
  return (
    <Table>
      <Table.Tbody>
        <AuditLogRow row={row} open={open} onToggle={() => setOpen((v) => !v)} />
      </Table.Tbody>
    </Table>
  );
};

describe('AuditLogRow', () => {
  it('reads as a sentence, and shows the labelled before and after on request', async () => {
    renderWithProviders(<Harness />);
    expect(
      screen.getByText('Jordan Hayes changed the role of Ann Lee from Operations to Wealth Advisor.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'role' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show details of entry 42' }));
    expect(screen.getByRole('cell', { name: 'role' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Operations' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Wealth Advisor' })).toBeInTheDocument();
    expect(screen.getByText(/request req-1 · address 127\.0\.0\.1 · entry #42/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hide details of entry 42' }));
    expect(screen.queryByRole('cell', { name: 'role' })).not.toBeInTheDocument();
  });
});
