import { firmHolidayBodySchema, type FirmHoliday } from '@centric/contracts';
import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { IconAction } from '../../../components/icon-action.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RowActionsHeader } from '../../../components/row-actions.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { serverFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddFirmHoliday } from '../api/add-firm-holiday.ts';
import { useDeleteFirmHoliday } from '../api/delete-firm-holiday.ts';
import { useFirmHolidays } from '../api/list-firm-holidays.ts';

export type HolidayRights = { canWrite: boolean; canDelete: boolean };

/**
 * The firm's holidays: business days (the due dates of workflow steps) skip them and weekends. Everyone who
 * manages workflows sees them; administrators (master data write / delete) add and remove them.
 */
export const FirmHolidaysPanel = ({ rights }: { rights: HolidayRights }) => {
  const holidays = useFirmHolidays();
  const add = useAddFirmHoliday();
  const remove = useDeleteFirmHoliday();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    const parsed = firmHolidayBodySchema.safeParse({ date, name });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        setDate('');
        setName('');
      },
      onError: (error) => {
        const next: Record<string, string> = {};
        for (const e of serverFieldErrors(error)) next[e.field] ??= e.message;
        setErrors(next);
        notifyError(errorMessage(error));
      },
    });
  };

  const handleDelete = (holiday: FirmHoliday) =>
    remove.mutate(holiday.date, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="firm-holidays-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="firm-holidays-title">
            Firm holidays
          </Title>
          <Text size="sm" c="dimmed">
            Business days skip weekends and these days.
          </Text>
        </Stack>
        {rights.canWrite && (
          <form onSubmit={handleAdd} noValidate aria-label="Add a holiday">
            <Group align="flex-start" gap="sm">
              <TextInput
                type="date"
                label="Date"
                value={date}
                onChange={(event) => setDate(event.currentTarget.value)}
                error={errors.date}
                w={180}
              />
              <TextInput
                label="Holiday"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={errors.name}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button
                type="submit"
                mt={24}
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                loading={add.isPending}
              >
                Add holiday
              </Button>
            </Group>
          </form>
        )}
        <QueryState query={holidays} loading="Loading holidays...">
          {(items) =>
            items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No holidays yet: business days skip weekends only.
              </Text>
            ) : (
              <Table verticalSpacing={6} aria-label="Firm holidays">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Holiday</Table.Th>
                    {rights.canDelete && <RowActionsHeader />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((holiday) => (
                    <Table.Tr key={holiday.date}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(holiday.date)}</Table.Td>
                      <Table.Td>{holiday.name}</Table.Td>
                      {rights.canDelete && (
                        <Table.Td align="right">
                          <IconAction
                            tooltip="Delete"
                            label={`Delete ${holiday.name} ${formatDate(holiday.date)}`}
                            icon={IconTrash}
                            color="red.9"
                            onClick={() => handleDelete(holiday)}
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )
          }
        </QueryState>
      </Stack>
    </Paper>
  );
};
