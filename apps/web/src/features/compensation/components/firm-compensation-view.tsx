import {
  type CompensationPaidBody,
  compensationPaidBodySchema,
  formatMoney,
  type PayeeCompensation,
} from '@centric/contracts';
import { Badge, EmptyState, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { ExportButtons, type ExportFormat } from '../../../components/export-buttons.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { MoneyField } from '../../../components/money-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { RowActionsCell, RowActionsHeader } from '../../../components/row-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFirmToday } from '../../../lib/firm-calendar.ts';
import { contractFieldErrors } from '../../../lib/form-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { moneyForInput, moneyFromInput } from '../../../lib/money.ts';
import { notifyError } from '../../../lib/notify.ts';
import { saveRecord } from '../../../lib/use-record-actions.ts';
import { useExportCompensation } from '../api/export-compensation.ts';
import { useCompensation } from '../api/list-compensation.ts';
import { useMarkCompensationPaid } from '../api/mark-compensation-paid.ts';
import { type CompensationState, useCompensationParams } from '../hooks/use-compensation-params.ts';
import { PeriodControls } from './period-controls.tsx';

const money = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

type PaidFields = { amount: string; paidOn: string };
const FIELDS = ['amount', 'paidOn'] as const;
const fieldOf = (path: string): FieldPath<PaidFields> | undefined => FIELDS.find((f) => f === path);

const MarkPaidForm = ({
  row,
  query,
  today,
  onClose,
}: {
  row: PayeeCompensation;
  query: CompensationState;
  today: string;
  onClose: () => void;
}) => {
  const mark = useMarkCompensationPaid();
  const resolver: Resolver<PaidFields, unknown, CompensationPaidBody> = (values) => {
    const parsed = compensationPaidBodySchema.safeParse({
      payeeId: row.payee.id,
      ...query,
      amount: moneyFromInput(values.amount),
      paidOn: values.paidOn,
    });
    return parsed.success
      ? { values: parsed.data, errors: {} }
      : { values: {}, errors: contractFieldErrors<PaidFields>(parsed.error.issues, fieldOf) };
  };
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PaidFields, unknown, CompensationPaidBody>({
    defaultValues: {
      amount: moneyForInput(row.paid?.amount ?? row.total),
      paidOn: row.paid?.paidOn ?? today,
    },
    resolver,
  });
  const handleSave = handleSubmit((body) => saveRecord(mark, body, { onClose, setError, fields: fieldOf }));
  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Mark paid">
      <Stack gap="md">
        <Text size="sm">
          {row.payee.fullName}: {formatMoney(row.total)} payable for {formatDate(query.from)}–
          {formatDate(query.to)} ({query.basis}).
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyField
            control={control}
            name="amount"
            label="Amount paid"
            withAsterisk
            error={errors.amount?.message}
          />
          <TextInput
            label="Paid on"
            type="date"
            withAsterisk
            max={today}
            error={errors.paidOn?.message}
            {...register('paidOn')}
          />
        </SimpleGrid>
        <FormActions onCancel={onClose} saving={mark.isPending} saveLabel="Mark paid" />
      </Stack>
    </form>
  );
};

type FirmCompensationViewProps = { canWrite: boolean };

/**
 * /billing/compensation (issue 16 §3): every payee's payable of a period (advisory fees from locked bills,
 * commissions from receivables), billed or collected, exported, and marked paid with a date.
 */
export const FirmCompensationView = ({ canWrite }: FirmCompensationViewProps) => {
  const { update, query, valid } = useCompensationParams();
  const rows = useCompensation(query, valid);
  const exporter = useExportCompensation();
  const today = useFirmToday();
  const [marking, setMarking] = useState<PayeeCompensation | null>(null);
  const handleExport = (format: ExportFormat) =>
    exporter.mutate({ ...query, format }, { onError: (error) => notifyError(errorMessage(error)) });
  return (
    <Stack gap="lg">
      <PeriodControls query={query} valid={valid} onChange={update}>
        <ExportButtons
          pending={exporter.isPending ? (exporter.variables?.format ?? null) : null}
          onExport={handleExport}
        />
      </PeriodControls>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <QueryState query={rows} loading={<ListSkeleton label="Loading compensation..." />}>
          {(items) =>
            items.length === 0 ? (
              <EmptyState py="xl" icon={<IconUsers size={28} aria-hidden="true" />} withIndicatorBackground>
                <EmptyState.Title order={2}>Nobody is owed anything for these dates</EmptyState.Title>
                <EmptyState.Description>
                  No locked bill pays out and no commission split falls in the period. Choose other dates or
                  the other basis.
                </EmptyState.Description>
              </EmptyState>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Compensation by payee">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Payee</Table.Th>
                      <Table.Th ta="right">Advisory fees</Table.Th>
                      <Table.Th ta="right">Commissions</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                      <Table.Th>Paid</Table.Th>
                      {canWrite && <RowActionsHeader />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((row) => (
                      <Table.Tr key={row.payee.id}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {row.payee.fullName}
                          </Text>
                        </Table.Td>
                        <Table.Td {...money}>
                          <Text size="sm" ff="monospace">
                            {formatMoney(row.fees)}
                          </Text>
                        </Table.Td>
                        <Table.Td {...money}>
                          <Text size="sm" ff="monospace">
                            {formatMoney(row.commissions)}
                          </Text>
                        </Table.Td>
                        <Table.Td {...money}>
                          <Text size="sm" ff="monospace" fw={700}>
                            {formatMoney(row.total)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {row.paid ? (
                            <Badge variant="light" color="teal" c="dark.7" tt="none" radius="sm">
                              {formatMoney(row.paid.amount)} on {formatDate(row.paid.paidOn)}
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              Not paid
                            </Text>
                          )}
                        </Table.Td>
                        {canWrite && (
                          <RowActionsCell
                            name={row.payee.fullName}
                            actions={[
                              { label: 'Mark paid', icon: IconCircleCheck, onClick: () => setMarking(row) },
                            ]}
                          />
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Paper>
      <Modal opened={marking !== null} onClose={() => setMarking(null)} title="Mark paid" size="lg" centered>
        {marking && (
          <MarkPaidForm row={marking} query={query} today={today} onClose={() => setMarking(null)} />
        )}
      </Modal>
    </Stack>
  );
};
