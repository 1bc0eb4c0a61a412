import {
  CLIENT_LIST_DEFAULTS,
  CLIENT_RATINGS,
  CLIENT_VIEW_LABELS,
  CLIENT_VIEWS,
  type ClientSortKey,
  INFLUENCER_FILTER_TIERS,
  INFLUENCER_FILTERS,
  INFLUENCER_TIER_LABELS,
  SERVICE_LABELS,
} from '@centric/contracts';
import { Box, Button, EmptyState, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  IconFileTypeCsv,
  IconFileTypeXls,
  IconFilterOff,
  IconHomePlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { QueryState } from '../../../../components/query-state.tsx';
import { IconLabelButton } from '../../../../components/icon-label-button.tsx';
import { SearchBox } from '../../../../components/search-box.tsx';
import { useDebouncedSearch } from '../../../../lib/use-debounced-search.ts';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { type ClientExportFormat, useExportClients } from '../../api/export-clients.ts';
import { type SortOrder, useClientList } from '../../api/list-clients.ts';
import { ClientsTable, ClientsTableSkeleton, promoteSortKey } from './clients-table.tsx';
import { type FilterOption, FilterPopover } from './filter-popover.tsx';
import { RatingStars } from './household-badges.tsx';
import { ListFooter } from '../../../../components/list-footer.tsx';
import { SortEditor } from './sort-editor.tsx';
import { SERVICE_FILTERS, isFiltered, useClientListParams } from './use-client-list-params.ts';

const RATING_OPTIONS: FilterOption[] = CLIENT_RATINGS.map((rating) => ({
  value: String(rating),
  text: `${rating} ${rating === 1 ? 'star' : 'stars'}`,
  label: <RatingStars value={rating} />,
}));
const SERVICE_OPTIONS: FilterOption[] = SERVICE_FILTERS.map((service) => ({
  value: service,
  text: SERVICE_LABELS[service],
  label: SERVICE_LABELS[service],
}));
const INFLUENCER_OPTIONS: FilterOption[] = INFLUENCER_FILTERS.map((filter) => ({
  value: filter,
  text: INFLUENCER_TIER_LABELS[INFLUENCER_FILTER_TIERS[filter]],
  label: INFLUENCER_TIER_LABELS[INFLUENCER_FILTER_TIERS[filter]],
}));

const EXPORTS = [
  { format: 'csv', label: 'Export CSV', Icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'Export XLSX', Icon: IconFileTypeXls },
] as const satisfies readonly { format: ClientExportFormat; label: string; Icon: typeof IconFileTypeCsv }[];

const householdCount = (total: number) =>
  `${total.toLocaleString('en-US')} ${total === 1 ? 'household' : 'households'}`;

type ClientsListProps = {
  /** Shown in the "no households yet" state when the user may add households. */
  onAddHousehold?: (() => void) | undefined;
};

/**
 * The household list of /clients: view, search, the rating/services/influencer filters, three sort keys,
 * paging, and the exports, all kept in the URL (spec §2).
 */
export const ClientsList = ({ onAddHousehold }: ClientsListProps) => {
  const { state, update } = useClientListParams();
  const [search, setSearch] = useDebouncedSearch(state.search, (text) =>
    update({ search: text || null, pageNo: '1' }),
  );
  const list = useClientList(state);
  const exporter = useExportClients();

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / state.limit));

  useEffect(() => {
    // A page past the end (a bookmarked URL, rows removed since): go to the last page there is.
    if (list.data && !list.isPlaceholderData && total > 0 && state.page > pages)
      update({ pageNo: String(pages) });
  }, [list.data, list.isPlaceholderData, total, pages, state.page, update]);

  const filtered = isFiltered(state);

  const sortPatch = (sortBy: readonly ClientSortKey[], order: readonly SortOrder[]) => ({
    sortBy: sortBy.join(','),
    order: order.join(','),
    pageNo: '1',
  });

  const handleSort = (sortBy: ClientSortKey[], order: SortOrder[]) => update(sortPatch(sortBy, order));

  // From the URL as the last click left it, not the rendered state: a quick second click reverses the first.
  const handleHeaderSort = (key: ClientSortKey) =>
    update((current) => {
      const next = promoteSortKey(current.sortBy, current.order, key);
      return sortPatch(next.sortBy, next.order);
    });

  const handleReset = () => {
    setSearch('');
    update({
      search: null,
      rating: CLIENT_LIST_DEFAULTS.rating.join(','),
      services: CLIENT_LIST_DEFAULTS.services.join(','),
      influencer: CLIENT_LIST_DEFAULTS.influencer.join(','),
      pageNo: '1',
    });
  };

  const handleExport = (format: ClientExportFormat) =>
    exporter.mutate(
      {
        format,
        view: state.view,
        sortBy: state.sortBy,
        order: state.order,
        rating: state.rating,
        services: state.services,
        influencer: state.influencer,
        search: state.search,
      },
      { onError: (error) => notifyError(errorMessage(error)) },
    );

  const exportingAs = exporter.isPending ? (exporter.variables?.format ?? null) : null;

  return (
    <Stack gap="md">
      {/*
        Two rows down to 1024 px: the view, the search (and Reset while something narrows the list), the count
        and the exports; then the filters and the sort. Under 1408 px Reset and the exports are icons (named
        for readers, with a tooltip) and the sort button names its first key only.
      */}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="View"
            value={state.view}
            onChange={(value) => update({ view: value, pageNo: '1' })}
            data={CLIENT_VIEWS.map((view) => ({ value: view, label: CLIENT_VIEW_LABELS[view] }))}
          />
          <SearchBox
            label="Search households"
            placeholder="Search name, email or phone"
            value={search}
            onChange={setSearch}
            width={260}
          />
          {filtered && (
            <IconLabelButton
              label="Reset filters"
              icon={IconFilterOff}
              labelFrom="xl"
              variant="subtle"
              color="gray"
              onClick={handleReset}
            />
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={600} c="dimmed" role="status" aria-live="polite">
            {list.data ? householdCount(total) : ''}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {EXPORTS.map(({ format, label, Icon }) => (
              <IconLabelButton
                key={format}
                label={label}
                icon={Icon}
                labelFrom="xl"
                variant="default"
                onClick={() => handleExport(format)}
                loading={exportingAs === format}
                disabled={total === 0 || (exporter.isPending && exportingAs !== format)}
              />
            ))}
          </Group>
        </Group>
      </Group>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="wrap">
          <FilterPopover
            label="Rating"
            options={RATING_OPTIONS}
            value={state.rating.map(String)}
            onChange={(value) => update({ rating: value.join(','), pageNo: '1' })}
          />
          <FilterPopover
            label="Services"
            options={SERVICE_OPTIONS}
            value={state.services}
            onChange={(value) => update({ services: value.join(','), pageNo: '1' })}
          />
          <FilterPopover
            label="Influencer"
            options={INFLUENCER_OPTIONS}
            value={state.influencer}
            onChange={(value) => update({ influencer: value.join(','), pageNo: '1' })}
          />
          <SortEditor sortBy={state.sortBy} order={state.order} onChange={handleSort} />
        </Group>
      </Group>

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <QueryState query={list} loading={<ClientsTableSkeleton rows={Math.min(state.limit, 10)} />}>
          {(page) =>
            page.items.length === 0 && total === 0 ? (
              filtered ? (
                <EmptyState
                  py="xl"
                  icon={<IconFilterOff size={28} aria-hidden="true" />}
                  withIndicatorBackground
                >
                  <EmptyState.Title order={2}>No households match these filters</EmptyState.Title>
                  <EmptyState.Description>
                    Try another search, or widen the rating, services or influencer filters.
                  </EmptyState.Description>
                  <EmptyState.Actions>
                    <Button
                      variant="light"
                      leftSection={<IconFilterOff size={16} aria-hidden="true" />}
                      onClick={handleReset}
                    >
                      Reset filters
                    </Button>
                  </EmptyState.Actions>
                </EmptyState>
              ) : state.view === 'Mine' ? (
                <EmptyState
                  py="xl"
                  icon={<IconUsersGroup size={28} aria-hidden="true" />}
                  withIndicatorBackground
                >
                  <EmptyState.Title order={2}>No households are assigned to you</EmptyState.Title>
                  <EmptyState.Description>
                    Households appear here when you are on their advisor team.
                  </EmptyState.Description>
                  <EmptyState.Actions>
                    <Button variant="light" onClick={() => update({ view: 'Default', pageNo: '1' })}>
                      Show all households
                    </Button>
                  </EmptyState.Actions>
                </EmptyState>
              ) : (
                <EmptyState
                  py="xl"
                  icon={<IconUsersGroup size={28} aria-hidden="true" />}
                  withIndicatorBackground
                >
                  <EmptyState.Title order={2}>No households yet</EmptyState.Title>
                  <EmptyState.Description>
                    {onAddHousehold
                      ? 'Add the first household with its primary member to get started.'
                      : 'Households added by your firm will appear here.'}
                  </EmptyState.Description>
                  {onAddHousehold && (
                    <EmptyState.Actions>
                      <Button
                        leftSection={<IconHomePlus size={16} aria-hidden="true" />}
                        onClick={onAddHousehold}
                      >
                        Add Household
                      </Button>
                    </EmptyState.Actions>
                  )}
                </EmptyState>
              )
            ) : (
              <Box
                aria-busy={list.isPlaceholderData}
                style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms ease' }}
              >
                <ClientsTable
                  items={page.items}
                  sortBy={state.sortBy}
                  order={state.order}
                  onSort={handleHeaderSort}
                />
              </Box>
            )
          }
        </QueryState>
      </Paper>

      <ListFooter page={state.page} limit={state.limit} total={total} onChange={update} />
    </Stack>
  );
};
