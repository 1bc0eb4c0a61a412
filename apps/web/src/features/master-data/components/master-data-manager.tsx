import {
  MASTER_DATA_LISTS,
  type MasterDataItem,
  type MasterDataListSpec,
  type MasterDataSortKey,
  type MasterDataType,
} from '@centric/contracts';
import {
  ActionIcon,
  Button,
  Drawer,
  EmptyState,
  FileButton,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconListDetails, IconPhotoUp, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AuthenticatedAvatar } from '../../../components/authenticated-avatar.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import {
  RowActionsCell,
  RowActionsHeader,
  deleteAction,
  editAction,
} from '../../../components/row-actions.tsx';
import { type SortState, SortableTh, sortAfterClick } from '../../../components/sortable-th.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { useMasterDataItems } from '../api/get-master-data-items.ts';
import type { MasterDataListRef } from '../api/master-data-paths.ts';
import { imageProblem, useUploadMasterDataImage } from '../api/upload-master-data-image.ts';
import { DeleteValueModal } from './delete-value-modal.tsx';
import { FIELD_DISPLAYS } from './master-data-fields.tsx';
import { MasterDataFormModal } from './master-data-form-modal.tsx';

/** Spec §9: search is debounced 500 ms; tables show 10 rows. */
export const SEARCH_DEBOUNCE_MS = 500;
const PAGE_SIZE = 10;

type MasterDataManagerProps = {
  /** The list's description (a top-level list, or a sub-list when `parent` is given). */
  spec: MasterDataListSpec;
  type: MasterDataType;
  parent?: { id: number; name: string };
};

type Sort = SortState<MasterDataSortKey>;

const ImageCell = ({
  type,
  item,
  canWrite,
}: {
  type: MasterDataType;
  item: MasterDataItem;
  canWrite: boolean;
}) => {
  const upload = useUploadMasterDataImage();
  const handleFile = (file: File | null) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      notifyError(problem);
      return;
    }
    upload.mutate(
      { type, id: item.id, file },
      {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <AuthenticatedAvatar imagePath={item.imageUrl} name={item.name} size={32} radius="sm" />
      {canWrite && (
        <FileButton onChange={handleFile} accept="image/png,image/jpeg">
          {(props) => (
            <Tooltip label="Upload image (jpg, png, up to 512 KB)">
              <ActionIcon
                {...props}
                variant="subtle"
                color="gray"
                loading={upload.isPending}
                aria-label={`Upload image for ${item.name}`}
              >
                <IconPhotoUp size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
      )}
    </Group>
  );
};

/**
 * The generic list screen body: search, sortable columns, paging, add/edit/delete, images and sub-items,
 * all driven by the list's description. Buttons follow the masterData write/delete permissions (hidden
 * when denied, spec §6).
 */
export const MasterDataManager = ({ spec, type, parent }: MasterDataManagerProps) => {
  const listRef: MasterDataListRef = { type, parentId: parent?.id };
  const canWrite = usePermission('masterData', 'write');
  const canDelete = usePermission('masterData', 'delete');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>(spec.defaultSort);
  const [editing, setEditing] = useState<{ item: MasterDataItem | null } | null>(null);
  const [deleting, setDeleting] = useState<MasterDataItem | null>(null);
  const [subItemsOf, setSubItemsOf] = useState<MasterDataItem | null>(null);
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    setPage(1);
  }

  const query = useMasterDataItems(listRef, { q, page, limit: PAGE_SIZE, ...sort });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const columns = spec.fields.filter((f) => f.column);
  const subSpec = spec.subItems ? MASTER_DATA_LISTS[spec.subItems] : undefined;
  const label = spec.label.toLowerCase();

  const handleSort = (column: MasterDataSortKey) => {
    setSort((current) => sortAfterClick(current, column));
    setPage(1);
  };

  const withActions = canWrite || canDelete;
  const colSpan = columns.length + (spec.image ? 1 : 0) + (subSpec ? 1 : 0) + (withActions ? 1 : 0);
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(page * PAGE_SIZE, total);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          aria-label={`Search ${label}`}
          placeholder={`Search ${label} by name`}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={query.isFetching && !query.isLoading ? <Loader size="xs" /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {canWrite && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing({ item: null })}
          >
            Add {spec.singular.toLowerCase()}
          </Button>
        )}
      </Group>

      {query.isError ? (
        <ErrorState
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={spec.label} aria-busy={query.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  {spec.image && (
                    <Table.Th w={96}>
                      <Text fw={600} fz="sm">
                        Image
                      </Text>
                    </Table.Th>
                  )}
                  {columns.map((field) =>
                    field.sortable ? (
                      <SortableTh
                        key={field.key}
                        column={field.key as MasterDataSortKey}
                        sort={sort}
                        onSort={handleSort}
                      >
                        {field.label}
                      </SortableTh>
                    ) : (
                      <Table.Th key={field.key}>{field.label}</Table.Th>
                    ),
                  )}
                  {subSpec && <Table.Th>{subSpec.label}</Table.Th>}
                  {withActions && <RowActionsHeader />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.isLoading ? (
                  <Table.Tr>
                    <Table.Td colSpan={colSpan}>
                      <Group justify="center" py="xl" role="status">
                        <Loader size="sm" aria-hidden="true" />
                        <Text size="sm" c="dimmed">
                          Loading...
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ) : items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={colSpan}>
                      <EmptyState py="lg" title={q ? 'No Data Found.' : `No ${label} yet`}>
                        <EmptyState.Description>
                          {q
                            ? `Nothing in ${label} matches "${q}".`
                            : canWrite
                              ? `Add the first ${spec.singular.toLowerCase()}.`
                              : 'Values appear here once an administrator adds them.'}
                        </EmptyState.Description>
                      </EmptyState>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  items.map((item) => (
                    <Table.Tr key={item.id}>
                      {spec.image && (
                        <Table.Td>
                          <ImageCell type={type} item={item} canWrite={canWrite} />
                        </Table.Td>
                      )}
                      {columns.map((field) => (
                        <Table.Td key={field.key}>{FIELD_DISPLAYS[field.kind](item, field)}</Table.Td>
                      ))}
                      {subSpec && (
                        <Table.Td>
                          <Button
                            variant="subtle"
                            size="compact-sm"
                            leftSection={<IconListDetails size={16} aria-hidden="true" />}
                            onClick={() => setSubItemsOf(item)}
                            aria-label={`${subSpec.label} of ${item.name}: ${item.subItemCount}`}
                          >
                            {item.subItemCount}{' '}
                            {(item.subItemCount === 1 ? subSpec.singular : subSpec.label).toLowerCase()}
                          </Button>
                        </Table.Td>
                      )}
                      {withActions && (
                        <RowActionsCell
                          name={item.name}
                          actions={[
                            editAction(() => setEditing({ item }), canWrite),
                            deleteAction(() => setDeleting(item), canDelete),
                          ]}
                        />
                      )}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      {total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Showing {from}–{to} of {total}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </Group>
      )}

      <MasterDataFormModal
        spec={spec}
        listRef={listRef}
        item={editing?.item ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <DeleteValueModal listRef={listRef} item={deleting} onClose={() => setDeleting(null)} />
      {subSpec && (
        <Drawer
          opened={subItemsOf !== null}
          onClose={() => setSubItemsOf(null)}
          position="right"
          size="xl"
          title={subItemsOf ? `${subSpec.label} of ${subItemsOf.name}` : subSpec.label}
        >
          {subItemsOf && (
            <MasterDataManager
              spec={subSpec}
              type={type}
              parent={{ id: subItemsOf.id, name: subItemsOf.name }}
            />
          )}
        </Drawer>
      )}
    </Stack>
  );
};
