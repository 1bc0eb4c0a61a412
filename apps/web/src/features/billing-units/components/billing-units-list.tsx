import {
  BILLING_HOUSEHOLD_STATUSES,
  READINESS_REASON_KINDS,
  READINESS_REASON_LABELS,
  READINESS_REASONS,
  type ReadinessKind,
} from '@centric/contracts';
import { Button, EmptyState, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import {
  IconAddressBook,
  IconCircleCheck,
  IconFileTypeCsv,
  IconFileTypeXls,
  IconHomeDollar,
  IconSearchOff,
} from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { IconLabelButton } from '../../../components/icon-label-button.tsx';
import { ResetFiltersButton } from '../../../components/list-actions.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { usePagedList } from '../../../components/paged-list.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { type BillingUnitsExportFormat, useExportBillingUnits } from '../api/export-billing-units.ts';
import { type BillingUnitsRequest, useBillingUnits } from '../api/list-billing-units.ts';
import {
  type BillingUnitsTab,
  TAB_FILTERS,
  useBillingUnitsParams,
} from '../hooks/use-billing-units-params.ts';
import { BillingFigureTabs, figureTabIds } from './billing-figure-tabs.tsx';
import { HOUSEHOLD_STATUS_LABELS, TAB_EMPTY } from './billing-units-text.ts';
import { BillingUnitsTable } from './billing-units-table.tsx';

const STATUS_OPTIONS = BILLING_HOUSEHOLD_STATUSES.map((value) => ({
  value,
  label: HOUSEHOLD_STATUS_LABELS[value],
}));

const KIND_GROUPS: Readonly<Record<ReadinessKind, string>> = {
  BLOCKS: 'Blocks billing',
  ATTENTION: 'Needs attention',
};

/** The Reason filter's options, grouped by what the reason does to a bill run. */
const REASON_OPTIONS = (['BLOCKS', 'ATTENTION'] as const).map((kind) => ({
  group: KIND_GROUPS[kind],
  items: READINESS_REASONS.filter((reason) => READINESS_REASON_KINDS[reason] === kind).map((value) => ({
    value,
    label: READINESS_REASON_LABELS[value],
  })),
}));

const EXPORTS = [
  { format: 'csv', label: 'Export CSV', Icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'Export XLSX', Icon: IconFileTypeXls },
] as const satisfies readonly {
  format: BillingUnitsExportFormat;
  label: string;
  Icon: typeof IconFileTypeCsv;
}[];

type EmptyView = { icon: ReactNode; title: string; description: string; action?: ReactNode };

/**
 * `/billing/households`: billing units (households with accounts) and whether each is ready to bill. The
 * header figures are the tabs; household status, reason and search narrow the list; the columns sort it;
 * the exports take the same filters and order.
 */
export const BillingUnitsList = () => {
  const { state, update } = useBillingUnitsParams();
  const list = usePagedList(state, update, ['subType']);
  // Its page, sort, reason and search, the household status and the tab's filter.
  const request: BillingUnitsRequest = {
    ...list.query,
    householdStatus: state.householdStatus,
    ...TAB_FILTERS[state.selectedTab],
  };
  const units = useBillingUnits(request);
  const exporter = useExportBillingUnits();
  const ids = figureTabIds(useId());

  const handleTab = (tab: BillingUnitsTab) => update({ selectedTab: tab, pageNo: '1' });

  const handleExport = (format: BillingUnitsExportFormat) => {
    const { page: _page, limit: _limit, ...filters } = request;
    exporter.mutate({ ...filters, format }, { onError: (error) => notifyError(errorMessage(error)) });
  };

  const emptyView = (): EmptyView => {
    if (list.filtered) {
      return {
        icon: <IconSearchOff size={28} aria-hidden="true" />,
        title: 'No units match',
        description: 'Try another household name or unit number (U-00012 or 12), or clear the filters.',
        action: <ResetFiltersButton variant="light" onClick={list.handleReset} />,
      };
    }
    if (state.selectedTab !== 'totalAccounts') {
      return {
        icon: <IconCircleCheck size={28} aria-hidden="true" />,
        ...TAB_EMPTY[state.selectedTab],
        action: (
          <Button variant="light" onClick={() => handleTab('totalAccounts')}>
            Show all units
          </Button>
        ),
      };
    }
    if (state.householdStatus === 'INACTIVE') {
      return {
        icon: <IconHomeDollar size={28} aria-hidden="true" />,
        title: 'No inactive units',
        description: 'Inactive households that still have accounts appear here.',
        action: (
          <Button variant="light" onClick={() => update({ householdStatus: 'ACTIVE', pageNo: '1' })}>
            Show active units
          </Button>
        ),
      };
    }
    return {
      icon: <IconHomeDollar size={28} aria-hidden="true" />,
      title: 'No billing units yet',
      description:
        'A household becomes a billing unit once it has at least one account. Open a household in Clients to add its accounts.',
      action: (
        <Button
          component={Link}
          to={paths.clients.href()}
          variant="light"
          leftSection={<IconAddressBook size={16} aria-hidden="true" />}
        >
          Go to Clients
        </Button>
      ),
    };
  };

  const total = units.data?.total ?? 0;
  const activeTab = ids.tab(state.selectedTab);
  return (
    <Stack gap="lg">
      <BillingFigureTabs
        summary={units.data?.summary}
        loading={units.isPending}
        selected={state.selectedTab}
        householdStatus={state.householdStatus}
        baseId={ids.base}
        onSelect={handleTab}
      />

      <Stack gap="md" role="tabpanel" id={ids.panel} aria-labelledby={activeTab}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <SearchBox
              label="Search units"
              placeholder="Household or unit number"
              value={list.search}
              onChange={list.setSearch}
            />
            <SegmentedControl
              aria-label="Household status"
              data={STATUS_OPTIONS}
              value={state.householdStatus}
              onChange={(value) => update({ householdStatus: value, pageNo: '1' })}
            />
            <Select
              aria-label="Reason"
              placeholder="Any reason"
              data={REASON_OPTIONS}
              value={state.subType || null}
              onChange={(value) => update({ subType: value ?? '', pageNo: '1' })}
              clearable
              w={280}
              comboboxProps={{ withinPortal: true }}
            />
            {list.filtered && <ResetFiltersButton onClick={list.handleReset} />}
          </Group>
          <Group gap="sm">
            <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
              {units.data ? `${total} ${total === 1 ? 'unit' : 'units'}` : ''}
            </Text>
            {EXPORTS.map(({ format, label, Icon }) => (
              <IconLabelButton
                key={format}
                label={label}
                icon={Icon}
                labelFrom="lg"
                variant="default"
                loading={exporter.isPending && exporter.variables?.format === format}
                onClick={() => handleExport(format)}
              />
            ))}
          </Group>
        </Group>

        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }} aria-busy={units.isFetching}>
          <QueryState query={units} loading={<ListSkeleton label="Loading units..." rows={6} />}>
            {(data) => {
              if (data.items.length > 0) {
                return <BillingUnitsTable items={data.items} sort={list.sort} onSort={list.handleSort} />;
              }
              const view = emptyView();
              return (
                <EmptyState py="xl" icon={view.icon} withIndicatorBackground>
                  <EmptyState.Title order={2}>{view.title}</EmptyState.Title>
                  <EmptyState.Description>{view.description}</EmptyState.Description>
                  {view.action && <EmptyState.Actions>{view.action}</EmptyState.Actions>}
                </EmptyState>
              );
            }}
          </QueryState>
        </Paper>

        <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />
      </Stack>
    </Stack>
  );
};
