import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AuditChainVerdict } from './audit-chain-verdict.tsx';

const base = { checked: 120, checkpoints: 3, lastCheckpoint: { seq: 118, at: '2026-11-24T17:15:00.000Z' } };

describe('AuditChainVerdict', () => {
  it('says the trail is intact in the sentence the server wrote', () => {
    renderWithProviders(
      <AuditChainVerdict
        status={{
          ...base,
          ok: true,
          firstBadId: null,
          reason: null,
          findings: [],
          message: 'The audit trail is intact: 120 rows, held to 3 checkpoints.',
        }}
      />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Audit trail intact');
    expect(status).toHaveTextContent('The audit trail is intact: 120 rows, held to 3 checkpoints.');
  });

  it('lists each finding on its own line with its kind', () => {
    const findings = [
      { kind: 'rewritten' as const, id: 40, throughId: 44, message: 'Row 40 was rewritten.' },
      { kind: 'missing' as const, id: 44, throughId: null, message: 'Rows missing after sequence 44.' },
      { kind: 'forged' as const, id: 45, throughId: null, message: 'Row 45 is forged.' },
    ];
    renderWithProviders(
      <AuditChainVerdict
        status={{ ...base, ok: false, firstBadId: 40, reason: 'x', findings, message: 'altered' }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Audit trail altered');
    expect(alert).toHaveTextContent('3 findings over 120 rows:');
    const items = within(screen.getByRole('list', { name: 'Findings' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'RewrittenRow 40 was rewritten.',
      'MissingRows missing after sequence 44.',
      'ForgedRow 45 is forged.',
    ]);
  });
});
