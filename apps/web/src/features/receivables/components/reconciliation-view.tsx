import {
  formatMoney,
  RECONCILIATION_CHILD_TAB_LABELS,
  RECONCILIATION_CHILD_TABS,
  STATEMENT_DIFFERENCE_FLAGS,
  STATEMENT_FLAG_LABELS,
  STATEMENT_LINE_KIND_LABELS,
  STATEMENT_RESOLUTION_LABELS,
  type StatementDifference,
  type StatementFlag,
} from '@centric/contracts';
import {
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconFileImport, IconGavel, IconScale } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { IconAction } from '../../../components/icon-action.tsx';
import { ImportJobsTable } from '../../../components/import-job-view.tsx';
import { FilterBadge } from '../../../components/filter-badge.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListPanel } from '../../../components/list-panel.tsx';
import { RowNameButton } from '../../../components/row-name-button.tsx';
import { formatDate } from '../../../lib/format.ts';
import {
  useStatementAging,
  useStatementDifferences,
  useStatementImports,
} from '../api/carrier-statements.ts';
import { useReceivablesParams } from '../hooks/use-receivables-params.ts';
import { ResolveDifferenceModal } from './resolve-difference-modal.tsx';
import { StatementImportModal } from './statement-import-modal.tsx';

const FLAG_COLORS: Readonly<Record<StatementFlag, string>> = {
  MATCHED: 'green',
  SHORT_PAID: 'orange',
  OVERPAID: 'blue',
  UNPAID: 'red',
  UNKNOWN: 'gray',
  CHARGEBACK: 'grape',
};

const FlagBadge = ({ flag }: { flag: StatementFlag }) => (
  <Badge
    variant="light"
    color={FLAG_COLORS[flag]}
    c="dark.7"
    size="sm"
    styles={{ root: { flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
  >
    {STATEMENT_FLAG_LABELS[flag]}
  </Badge>
);

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];
const FLAG_OPTIONS = STATEMENT_DIFFERENCE_FLAGS.map((flag) => ({
  value: flag,
  label: STATEMENT_FLAG_LABELS[flag],
}));

const Dash = ({ label }: { label: string }) => (
  <>
    <span aria-hidden="true">—</span>
    <VisuallyHidden>{label}</VisuallyHidden>
  </>
);

/** The flag, then where its resolution stands (Open, Disputed, Accepted, Written off) and its note. */
const FlagCell = ({ difference }: { difference: StatementDifference }) => (
  <Stack gap={4} align="flex-start">
    <FlagBadge flag={difference.flag} />
    <Text size="xs" c="dimmed">
      {difference.resolution ? STATEMENT_RESOLUTION_LABELS[difference.resolution] : 'Open'}
      {difference.resolvedBy && difference.resolvedAt
        ? ` by ${difference.resolvedBy}, ${formatDate(difference.resolvedAt)}`
        : ''}
    </Text>
    {difference.note && (
      <Text size="xs" c="dimmed" lineClamp={2} title={difference.note} maw={220}>
        {difference.note}
      </Text>
    )}
  </Stack>
);

type Update = ReturnType<typeof useReceivablesParams>['update'];
type State = ReturnType<typeof useReceivablesParams>['state'];

const DifferencesPanel = ({
  state,
  update,
  canWrite,
  providerName,
}: {
  state: State;
  update: Update;
  canWrite: boolean;
  providerName: string;
}) => {
  const statusLabelId = useId();
  const differences = useStatementDifferences({
    status: state.status,
    page: state.page,
    limit: state.limit,
    ...(state.flag ? { flag: state.flag } : {}),
    ...(state.providerId !== null ? { providerId: state.providerId } : {}),
  });
  const [resolving, setResolving] = useState<StatementDifference | null>(null);
  const filtered = state.flag !== '' || state.providerId !== null || state.status !== 'open';
  const items = differences.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500} id={statusLabelId}>
          Show
        </Text>
        <SegmentedControl
          aria-labelledby={statusLabelId}
          size="xs"
          data={STATUS_OPTIONS}
          value={state.status}
          onChange={(value) => update({ status: value, pageNo: '1' })}
        />
        <Select
          aria-label="Flag"
          placeholder="Every flag"
          size="xs"
          w={170}
          data={FLAG_OPTIONS}
          value={state.flag || null}
          onChange={(value) => update({ flag: value ?? '', pageNo: '1' })}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        {state.providerId !== null && (
          <FilterBadge
            clearLabel="Show every provider"
            onClear={() => update({ providerId: '', pageNo: '1' })}
          >
            Provider: {providerName || 'one'}
          </FilterBadge>
        )}
        <Text size="sm" fw={600} c="dimmed" ml="auto" role="status" aria-live="polite">
          {differences.data
            ? `${differences.data.total} ${differences.data.total === 1 ? 'difference' : 'differences'}`
            : ''}
        </Text>
      </Group>
      <ListPanel
        query={differences}
        loadingLabel="Loading the differences..."
        isEmpty={items.length === 0}
        empty={{
          icon: <IconScale size={28} aria-hidden="true" />,
          title: filtered ? 'No differences match' : 'No open differences',
          description: filtered
            ? 'Try another flag or provider, or show every open difference.'
            : 'Every statement line imported matches its expected payment, or its difference is resolved.',
          onReset: filtered
            ? () => update({ status: 'open', flag: '', providerId: '', pageNo: '1' })
            : undefined,
        }}
      >
        <Table.ScrollContainer minWidth={800}>
          <Table verticalSpacing="sm" horizontalSpacing="sm" aria-label="Statement differences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Policy</Table.Th>
                <Table.Th>Receivable</Table.Th>
                <Table.Th>Flag and status</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
                <Table.Th ta="right">Difference</Table.Th>
                {canWrite && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDate(d.date)}</Text>
                    <Text size="xs" c="dimmed">
                      {d.ageDays === 0 ? 'today' : `${d.ageDays} ${d.ageDays === 1 ? 'day' : 'days'} ago`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {d.policyNumber || '—'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.provider.name} ·{' '}
                      {d.statement.lineNo === null
                        ? 'expected, not on the statement'
                        : `${d.kind ? STATEMENT_LINE_KIND_LABELS[d.kind] : 'Line'}, line ${d.statement.lineNo}`}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={160}>
                    {d.receivable ? (
                      <>
                        <Text size="sm">{d.receivable.product}</Text>
                        <Text size="xs" c="dimmed">
                          {d.receivable.household.name}
                          {d.receivable.paymentSequence !== null
                            ? `, payment ${d.receivable.paymentSequence}`
                            : ''}
                        </Text>
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Not on the book
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td miw={130}>
                    <FlagCell difference={d} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">
                      {d.amount === null ? <Dash label="Not paid" /> : formatMoney(d.amount)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.flag === 'CHARGEBACK'
                        ? 'taken back'
                        : d.expected === null
                          ? 'not expected'
                          : `of ${formatMoney(d.expected)} expected`}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(d.difference)}
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      {(d.resolution === null || d.resolution === 'DISPUTED') && (
                        <IconAction
                          tooltip="Resolve"
                          label={`Resolve the ${STATEMENT_FLAG_LABELS[d.flag].toLowerCase()} line of ${d.policyNumber}`}
                          icon={IconGavel}
                          onClick={() => setResolving(d)}
                        />
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListPanel>
      <ListFooter
        page={state.page}
        limit={state.limit}
        total={differences.data?.total ?? 0}
        onChange={update}
      />
      <ResolveDifferenceModal difference={resolving} onClose={() => setResolving(null)} />
    </Stack>
  );
};

const BUCKETS = [
  { key: 'd1to30', label: '1–30 days' },
  { key: 'd31to60', label: '31–60 days' },
  { key: 'd61to90', label: '61–90 days' },
  { key: 'over90', label: 'Over 90 days' },
] as const;

const AgingPanel = ({ onProvider }: { onProvider: (id: number, name: string) => void }) => {
  const aging = useStatementAging();
  const rows = aging.data?.providers ?? [];
  return (
    <ListPanel
      query={aging}
      loadingLabel="Loading the aged list..."
      isEmpty={rows.length === 0}
      empty={{
        icon: <IconScale size={28} aria-hidden="true" />,
        title: 'Nothing open',
        description: 'No provider has an open difference: every statement is reconciled.',
      }}
    >
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Open differences by provider">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Provider</Table.Th>
              <Table.Th ta="right">Open</Table.Th>
              {BUCKETS.map((b) => (
                <Table.Th key={b.key} ta="right">
                  {b.label}
                </Table.Th>
              ))}
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.provider.id}>
                <Table.Td>
                  <RowNameButton
                    title={`Open the differences of ${row.provider.name}`}
                    maxWidth={260}
                    onClick={() => onProvider(row.provider.id, row.provider.name)}
                  >
                    {row.provider.name}
                  </RowNameButton>
                </Table.Td>
                <Table.Td ta="right">{row.count}</Table.Td>
                {BUCKETS.map((b) => (
                  <Table.Td key={b.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.buckets[b.key])}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {aging.data && (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Every provider</Table.Th>
                <Table.Th ta="right">{aging.data.total.count}</Table.Th>
                {BUCKETS.map((b) => (
                  <Table.Th key={b.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(aging.data.total.buckets[b.key])}
                  </Table.Th>
                ))}
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(aging.data.total.total)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
    </ListPanel>
  );
};

const StatementsPanel = ({
  state,
  update,
  onImport,
}: {
  state: State;
  update: Update;
  onImport: (() => void) | undefined;
}) => {
  const imports = useStatementImports({ page: state.page, limit: state.limit });
  const items = imports.data?.items ?? [];
  return (
    <Stack gap="md">
      <ListPanel
        query={imports}
        loadingLabel="Loading the statements..."
        isEmpty={items.length === 0}
        empty={{
          icon: <IconFileImport size={28} aria-hidden="true" />,
          title: 'No statements imported yet',
          description: "Import a carrier's commission statement to reconcile it against the schedules.",
          add: onImport ? { label: 'Import statement', onClick: onImport } : undefined,
        }}
      >
        <ImportJobsTable
          jobs={items}
          label="Statement imports"
          applying="Importing the statement"
          outcome={(job) =>
            job.report
              ? `${job.report.accepted.toLocaleString('en-US')} of ${job.report.rows.toLocaleString('en-US')} lines read`
              : job.status === 'FAILED'
                ? 'Stopped before its report'
                : '—'
          }
          extra={{ header: 'Provider', cell: (job) => job.report?.provider.name ?? '—' }}
          onOpen={(id) => update({ importId: id })}
        />
      </ListPanel>
      <ListFooter page={state.page} limit={state.limit} total={imports.data?.total ?? 0} onChange={update} />
    </Stack>
  );
};

/**
 * The Reconciliation tab of /billing/receivables (issue 16 §2): carrier statements imported against the
 * schedules, the differences they flag (short-paid, overpaid, unpaid, unknown, chargebacks) to accept, write
 * off or dispute, the open ones aged by provider, and the statements imported.
 */
export const ReconciliationView = ({ canWrite }: { canWrite: boolean }) => {
  const { state, update } = useReceivablesParams();
  const [choosing, setChoosing] = useState(false);
  const [providerName, setProviderName] = useState('');
  const onImport = canWrite ? () => setChoosing(true) : undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" maw={680}>
          Import a carrier&apos;s commission statement: each line is matched to the payment the schedule
          expects. What differs waits here until it is accepted, written off or disputed.
        </Text>
        {onImport && (
          <Button leftSection={<IconFileImport size={16} aria-hidden="true" />} onClick={onImport}>
            Import statement
          </Button>
        )}
      </Group>
      <Tabs
        value={state.reconciliationTab}
        keepMounted={false}
        onChange={(value) => value && update({ childTab: value, pageNo: '1' })}
      >
        <Tabs.List aria-label="Reconciliation">
          {RECONCILIATION_CHILD_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {RECONCILIATION_CHILD_TAB_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="differences" pt="md">
          <DifferencesPanel state={state} update={update} canWrite={canWrite} providerName={providerName} />
        </Tabs.Panel>
        <Tabs.Panel value="aging" pt="md">
          <AgingPanel
            onProvider={(id, name) => {
              setProviderName(name);
              update({ childTab: 'differences', providerId: String(id), status: 'open', pageNo: '1' });
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="statements" pt="md">
          <StatementsPanel state={state} update={update} onImport={onImport} />
        </Tabs.Panel>
      </Tabs>
      <StatementImportModal
        opened={choosing || state.importId !== ''}
        jobId={state.importId || null}
        onJob={(id) => {
          setChoosing(false);
          update({ importId: id });
        }}
        onClose={() => {
          setChoosing(false);
          update({ importId: '' });
        }}
        canWrite={canWrite}
      />
    </Stack>
  );
};
