import { ActionIcon, Button, Group } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FieldValues, type Resolver, type ResolverResult } from 'react-hook-form';

/** A list of rows' Add button ('Add owner', 'Add holding'). */
export const AddRowButton = ({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) => (
  <Group>
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconPlus size={14} aria-hidden="true" />}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  </Group>
);

/** A row's remove button, level with its fields (below their labels). */
export const RemoveRowButton = ({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) => (
  <ActionIcon variant="subtle" color="red.9" mt={26} aria-label={label} disabled={disabled} onClick={onClick}>
    <IconTrash size={16} aria-hidden="true" />
  </ActionIcon>
);

/**
 * The contract's resolver with what a form says beyond it: `adjust` gets the values and the contract's
 * result, and answers the form's (an error the contract's cross-field rules would only say later).
 */
export const adjustedResolver =
  <V extends FieldValues, O>(
    contract: Resolver<V, unknown, O>,
    adjust: (values: V, result: ResolverResult<V, O>) => ResolverResult<V, O>,
  ): Resolver<V, unknown, O> =>
  async (values, context, options) =>
    adjust(values, await contract(values, context, options));
