import { auditDetailText, auditFieldLabel, auditSentence, type AuditLogEntry } from '@centric/contracts';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { formatInstantIn } from '../../../lib/format.ts';
import { ChangeDiff } from './change-diff.tsx';

const ACTION_COLORS: Record<string, string> = {
  CREATE: 'teal',
  UPDATE: 'blue',
  DELETE: 'red',
  SIGN_IN_FAILED: 'orange',
  ACCESS_DENIED: 'red',
  EXPORT: 'grape',
};

/** The columns of a row; the details row spans them all. */
export const AUDIT_LOG_COLUMNS = 4;

type AuditLogRowProps = {
  row: AuditLogEntry;
  /** The firm's time zone: times read on the firm's clock, as the from/to filter reads its days. */
  timeZone: string;
  open: boolean;
  onToggle: () => void;
};

/** One entry: when, who, the action, and what happened as a sentence; its before/after on "Show details". */
export const AuditLogRow = ({ row, timeZone, open, onToggle }: AuditLogRowProps) => (
  <>
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstantIn(row.occurredAt, timeZone)}</Table.Td>
      <Table.Td>
        {row.actorEmail ?? (
          <Text span c="dimmed">
            system
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color={`${ACTION_COLORS[row.action] ?? 'gray'}.9`} radius="sm">
          {row.action}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <Text size="sm">{auditSentence(row)}</Text>
          <Button
            variant="subtle"
            size="compact-xs"
            px={0}
            aria-expanded={open}
            aria-label={open ? `Hide details of entry ${row.id}` : `Show details of entry ${row.id}`}
            leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            onClick={onToggle}
          >
            {open ? 'Hide details' : 'Show details'}
          </Button>
        </Stack>
      </Table.Td>
    </Table.Tr>
    {open && (
      <Table.Tr>
        <Table.Td colSpan={AUDIT_LOG_COLUMNS} bg="gray.0">
          <Stack gap="xs" p="xs">
            <ChangeDiff
              before={row.before}
              after={row.after}
              fieldLabel={(field) => auditFieldLabel(row.entity, field)}
              valueText={(field, value) => auditDetailText(row.entity, field, value, row.names)}
            />
            <Text size="xs" c="dimmed">
              {row.entity} {row.entityId ?? '—'} · request {row.requestId ?? '—'} · address {row.ip ?? '—'} ·
              entry #{row.id}
            </Text>
          </Stack>
        </Table.Td>
      </Table.Tr>
    )}
  </>
);
