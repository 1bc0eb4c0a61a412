import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  type AuditLogEntry,
  BILLING_AUDIT_ENTITIES,
} from '@centric/contracts';
import { Button, Group, Pagination, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFirmTimeZone } from '../../../lib/firm-calendar.ts';
import { notifyError } from '../../../lib/notify.ts';
import {
  downloadAuditLogCsv,
  useAuditLogs,
  type AuditLogFilters,
  type AuditScope,
} from '../api/get-audit-logs.ts';
import { useVerifyAuditChain } from '../api/verify-audit-chain.ts';
import { AuditChainVerdict } from './audit-chain-verdict.tsx';
import { AUDIT_LOG_COLUMNS, AuditLogRow } from './audit-log-row.tsx';

const PAGE_SIZES = ['10', '25', '50', '100'];

/** The billing log's records by their nouns ("payout block"), for its Record filter. */
const BILLING_ENTITY_OPTIONS = BILLING_AUDIT_ENTITIES.map((entity) => {
  const noun = AUDIT_ENTITY_LABELS[entity]?.noun ?? entity;
  return { value: entity, label: noun.charAt(0).toUpperCase() + noun.slice(1) };
});

/**
 * Filters, paging and expanded rows of the audit trail; every filter lives in the URL. `within` narrows the
 * billing log to one unit or account (their Logs tabs), a fixed part of the query rather than a filter.
 */
export const AuditLogView = ({
  scope,
  within,
}: {
  scope: AuditScope;
  within?: { clientId: string } | { accountId: string };
}) => {
  const [params, setParams] = useSearchParams();
  const [actorInput, setActorInput] = useState(params.get('actor') ?? '');
  const [actor] = useDebouncedValue(actorInput.trim(), 500);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const verify = useVerifyAuditChain();
  const timeZone = useFirmTimeZone();

  const filters: AuditLogFilters = {
    page: Math.max(1, Number(params.get('pageNo') ?? 1) || 1),
    limit: PAGE_SIZES.includes(params.get('numberOfRecords') ?? '')
      ? Number(params.get('numberOfRecords'))
      : 10,
    actor: params.get('actor') ?? undefined,
    action: params.get('action') ?? undefined,
    entity: params.get('entity') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    ...within,
  };
  const setFilter = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'pageNo') next.delete('pageNo');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if ((params.get('actor') ?? '') !== actor) setFilter('actor', actor || null);
    // setFilter is stable in effect; only the debounced text should trigger this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);

  const filtered = Boolean(filters.actor || filters.action || filters.entity || filters.from || filters.to);
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);
  const logs = useAuditLogs(scope, filters);
  const total = logs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (filters.limit ?? 10)));

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadAuditLogCsv(scope, filters);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  // The result is said once, in the panel under the buttons; a toast only when the check itself failed.
  const handleVerify = () =>
    verify.mutate(undefined, { onError: (error) => notifyError(errorMessage(error)) });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="User"
            placeholder="Email contains…"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={actorInput}
            onChange={(e) => setActorInput(e.currentTarget.value)}
            w={220}
          />
          <Select
            label="Action"
            placeholder="Any action"
            data={[...AUDIT_ACTIONS]}
            value={filters.action ?? null}
            onChange={(value) => setFilter('action', value)}
            clearable
            searchable
            w={210}
          />
          {scope === 'billing' ? (
            <Select
              label="Record"
              placeholder="Any record"
              data={BILLING_ENTITY_OPTIONS}
              value={filters.entity ?? null}
              onChange={(value) => setFilter('entity', value)}
              clearable
              searchable
              w={200}
            />
          ) : (
            <TextInput
              label="Entity"
              placeholder="e.g. user, role"
              value={filters.entity ?? ''}
              onChange={(e) => setFilter('entity', e.currentTarget.value.trim() || null)}
              w={160}
            />
          )}
          <TextInput
            label="From"
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => setFilter('from', e.currentTarget.value || null)}
            w={160}
          />
          <TextInput
            label="To"
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => setFilter('to', e.currentTarget.value || null)}
            error={badRange ? 'Please enter a valid date range.' : undefined}
            w={160}
          />
          <Group gap="sm" ml="auto">
            {scope === 'audit' && (
              <Button
                variant="default"
                leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
                onClick={handleVerify}
                loading={verify.isPending}
              >
                Verify integrity
              </Button>
            )}
            <Button
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={() => void handleExport()}
              loading={exporting}
              disabled={badRange || total === 0}
            >
              Export CSV
            </Button>
          </Group>
        </Group>
        {verify.data && <AuditChainVerdict status={verify.data} />}
      </Paper>

      {logs.isError ? (
        <ErrorState message={errorMessage(logs.error)} onRetry={() => void logs.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover aria-busy={logs.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>Time</Table.Th>
                  <Table.Th w={220}>User</Table.Th>
                  <Table.Th w={190}>Action</Table.Th>
                  <Table.Th>What happened</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.isPending && (
                  <Table.Tr>
                    <Table.Td colSpan={AUDIT_LOG_COLUMNS}>
                      <Text c="dimmed" ta="center" py="lg">
                        Loading...
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {logs.data?.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={AUDIT_LOG_COLUMNS}>
                      <Text c="dimmed" ta="center" py="lg">
                        {within && !filtered
                          ? `No billing changes are recorded for this ${'clientId' in within ? 'unit' : 'account'} yet.`
                          : 'No entries match these filters.'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {logs.data?.rows.map((row: AuditLogEntry) => (
                  <AuditLogRow
                    key={row.id}
                    row={row}
                    timeZone={timeZone}
                    open={expanded === row.id}
                    onToggle={() => setExpanded(expanded === row.id ? null : row.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" p="md">
            <Text size="sm" c="dimmed">
              {total} {total === 1 ? 'entry' : 'entries'}
            </Text>
            <Group gap="sm">
              <Select
                aria-label="Rows per page"
                data={PAGE_SIZES}
                value={String(filters.limit)}
                onChange={(value) => setFilter('numberOfRecords', value)}
                w={80}
                allowDeselect={false}
              />
              <Pagination
                total={pages}
                value={Math.min(filters.page ?? 1, pages)}
                onChange={(page) => setFilter('pageNo', String(page))}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          </Group>
        </Paper>
      )}
    </Stack>
  );
};
