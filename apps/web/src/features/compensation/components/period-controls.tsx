import { COMPENSATION_BASIS_LABELS, COMPENSATION_BASES, type CompensationBasis } from '@centric/contracts';
import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { CompensationState } from '../hooks/use-compensation-params.ts';

const BASIS_OPTIONS = COMPENSATION_BASES.map((value) => ({ value, label: COMPENSATION_BASIS_LABELS[value] }));

type PeriodControlsProps = {
  query: CompensationState;
  valid: boolean;
  onChange: (patch: Partial<Record<'from' | 'to' | 'basis', string>>) => void;
  /** More actions at the right (the exports). */
  children?: ReactNode;
};

/** The period (from, to) and the basis (billed or collected) of a compensation screen. */
export const PeriodControls = ({ query, valid, onChange, children }: PeriodControlsProps) => {
  const basisId = useId();
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="From"
          type="date"
          value={query.from}
          onChange={(event) => onChange({ from: event.currentTarget.value })}
          w={170}
        />
        <TextInput
          label="To"
          type="date"
          value={query.to}
          onChange={(event) => onChange({ to: event.currentTarget.value })}
          error={valid ? undefined : 'Please enter a valid date range.'}
          w={170}
        />
        <div>
          <Text size="sm" fw={500} id={basisId} mb={4}>
            Basis
          </Text>
          <SegmentedControl
            aria-labelledby={basisId}
            data={BASIS_OPTIONS}
            value={query.basis}
            onChange={(value) => onChange({ basis: value as CompensationBasis })}
          />
        </div>
      </Group>
      {children && <Group gap="sm">{children}</Group>}
    </Group>
  );
};
