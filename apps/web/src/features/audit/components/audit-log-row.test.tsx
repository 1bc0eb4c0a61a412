import { type AuditLogEntry } from '@centric/contracts';
import { AUDIT_IDS, auditEntry } from '@centric/contracts/test-fixtures';
import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AuditLogRow } from './audit-log-row.tsx';

const row = auditEntry({
  id: 42,
  before: { roleId: 5, fullName: 'Ann Lee' },
  after: { roleId: 2, fullName: 'Ann Lee' },
  requestId: 'req-1',
  ip: '127.0.0.1',
});

const Harness = ({ entry = row }: { entry?: AuditLogEntry }) => {
  const [open, setOpen] = useState(false);
  return (
    <Table>
      <Table.Tbody>
        <AuditLogRow
          row={entry}
          timeZone="America/New_York"
          open={open}
          onToggle={() => setOpen((v) => !v)}
        />
      </Table.Tbody>
    </Table>
  );
};

describe('AuditLogRow', () => {
  it('reads as a sentence, and shows the labelled before and after on request', async () => {
    renderWithProviders(<Harness />);
    // 10:00 UTC on Nov 24 is 05:00 in New York: the firm's clock, whatever the browser's zone.
    expect(screen.getByRole('cell', { name: '11/24/2026 05:00:00 EST' })).toBeInTheDocument();
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

  it('shows permission rows by their feature and the actions they allow, not as flags', async () => {
    const none = { read: false, write: false, delete: false };
    renderWithProviders(
      <Harness
        entry={{
          ...row,
          entity: 'rolePermission',
          entityId: '5',
          before: { otherProfessionals: none, users: none },
          after: { otherProfessionals: { read: true, write: true, delete: false }, users: none },
        }}
      />,
    );
    expect(
      screen.getByText(
        'Jordan Hayes changed the permissions of the role Operations for Other Professionals.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show details of entry 42' }));
    expect(screen.getByRole('cell', { name: 'Other Professionals' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'No access' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Read and Write' })).toBeInTheDocument();
    expect(screen.queryByText(/read: true/)).not.toBeInTheDocument();
  });

  it("shows a household's other professionals by the names the server resolved", async () => {
    renderWithProviders(
      <Harness
        entry={{
          ...row,
          entity: 'household_professionals',
          entityId: null,
          before: { professionalIds: [AUDIT_IDS.vance] },
          after: { professionalIds: [AUDIT_IDS.vance, AUDIT_IDS.ortiz] },
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show details of entry 42' }));
    expect(screen.getByRole('cell', { name: 'other professionals' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Eleanor Vance' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Eleanor Vance and Luis Ortiz' })).toBeInTheDocument();
    expect(screen.queryByText(AUDIT_IDS.vance)).not.toBeInTheDocument();
  });
});
