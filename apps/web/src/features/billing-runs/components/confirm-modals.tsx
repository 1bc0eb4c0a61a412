import { type BillReasonBody, billReasonBodySchema } from '@centric/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../../components/form-actions.tsx';

type ReasonModalProps = {
  opened: boolean;
  title: string;
  /** What the step does, above the reason. */
  children: ReactNode;
  confirmLabel: string;
  loading: boolean;
  onConfirm: (body: BillReasonBody) => void;
  onClose: () => void;
  /** The contract that checks the reason (its messages); a run's or bill's reason by default. */
  schema?: z.ZodType<BillReasonBody, BillReasonBody>;
};

const ReasonForm = ({
  children,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
  schema = billReasonBodySchema,
}: Omit<ReasonModalProps, 'opened' | 'title'>) => {
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BillReasonBody>({ defaultValues: { reason: '' }, resolver: zodResolver(schema) });
  const reason = useWatch({ control, name: 'reason' });
  return (
    <form onSubmit={(event) => void handleSubmit(onConfirm)(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" component="div">
          {children}
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          rows={3}
          maxLength={200}
          description={`${reason.length}/200: kept in the audit trail`}
          error={errors.reason?.message}
          data-autofocus
          {...register('reason')}
        />
        <FormActions onCancel={onClose} saving={loading} saveLabel={confirmLabel} />
      </Stack>
    </form>
  );
};

/**
 * A step that needs a reason (unlock a run, void a bill, override a check), checked by the contract before it
 * goes.
 */
export const ReasonModal = ({ opened, title, onClose, loading, ...props }: ReasonModalProps) => (
  <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered>
    {opened && <ReasonForm onClose={onClose} loading={loading} {...props} />}
  </Modal>
);
