import { Button, Drawer, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconHomeShare, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ProspectNotes } from '../../../features/notes/components/prospect-notes.tsx';
import { useDeleteProspect } from '../../../features/prospects/api/delete-prospect.ts';
import { useProspect } from '../../../features/prospects/api/save-prospect.ts';
import { ConvertProspectModal } from '../../../features/prospects/components/convert-prospect-modal.tsx';
import { ProspectActivities } from '../../../features/prospects/components/prospect-activities.tsx';
import { ProspectFormModal } from '../../../features/prospects/components/prospect-form-modal.tsx';
import { ProspectPhoto } from '../../../features/prospects/components/prospect-photo.tsx';
import {
  ActivityStatusBadge,
  DaysSinceBadge,
  LeadStatusBadge,
} from '../../../features/prospects/components/prospect-labels.tsx';
import { ProspectStatistics } from '../../../features/prospects/components/prospect-statistics.tsx';
import { ProspectsManager } from '../../../features/prospects/components/prospects-manager.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { can } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';

const PROSPECT_PARAM = 'prospectId';

/**
 * `/prospects`: the figures on top, the list or the board, and a prospect opened in a drawer
 * (`?prospectId=`): its status, its activities as a timeline and its notes (the notes feature's), and Edit.
 */
export const ProspectsScreen = () => {
  const user = useCurrentUser();
  const canWrite = can(user, 'prospects', 'write');
  const canReadNotes = can(user, 'notes', 'read');
  // Converting makes or changes a household: prospects write and clients write (decision 0022).
  const canConvert = canWrite && can(user, 'clients', 'write');
  const canReadClients = can(user, 'clients', 'read');
  const canDelete = can(user, 'prospects', 'delete');
  const [params, setParams] = useSearchParams();
  const openId = params.get(PROSPECT_PARAM);
  const prospect = useProspect(openId);
  const [editing, setEditing] = useState(false);
  const [converting, setConverting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteProspect();

  const setOpen = (id: string | null) =>
    setParams((current) => {
      if (id) current.set(PROSPECT_PARAM, id);
      else current.delete(PROSPECT_PARAM);
      return current;
    });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Prospects
        </Title>
        <Text c="dimmed" size="sm">
          Leads by lead status, their activities and notes, until they become households.
        </Text>
      </Stack>
      <ProspectStatistics />
      <ProspectsManager canWrite={canWrite} onOpen={(p) => setOpen(p.id)} />
      <Drawer
        opened={openId !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        title={prospect.data?.displayName ?? 'Prospect'}
        closeButtonProps={{ 'aria-label': 'Close the prospect' }}
      >
        <QueryState
          query={prospect}
          loading="Loading the prospect..."
          errorTitle="Could not load the prospect"
        >
          {(p) => (
            <Stack gap="lg">
              <Group justify="space-between">
                <ProspectPhoto prospect={p} canWrite={canWrite} />
                <Group gap="xs">
                  <LeadStatusBadge status={p.leadStatus} />
                  <ActivityStatusBadge status={p.activityStatus} />
                  <DaysSinceBadge
                    days={p.daysSinceLastActivity}
                    converted={p.activityStatus === 'CONVERTED'}
                  />
                </Group>
                <Group gap="xs">
                  {p.activityStatus === 'CONVERTED' && p.convertedHouseholdId && canReadClients && (
                    <Button
                      component={Link}
                      to={paths.clientDetail.href(p.convertedHouseholdId)}
                      rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                    >
                      Open household
                    </Button>
                  )}
                  {p.activityStatus !== 'CONVERTED' && canConvert && (
                    <Button
                      leftSection={<IconHomeShare size={16} aria-hidden="true" />}
                      onClick={() => setConverting(true)}
                    >
                      Convert to household
                    </Button>
                  )}
                  {canWrite && (
                    <Button
                      variant="default"
                      leftSection={<IconPencil size={16} aria-hidden="true" />}
                      onClick={() => setEditing(true)}
                    >
                      Edit
                    </Button>
                  )}
                  {canDelete && p.activityStatus !== 'CONVERTED' && (
                    <Button
                      variant="default"
                      color="red.9"
                      leftSection={<IconTrash size={16} aria-hidden="true" />}
                      onClick={() => {
                        remove.reset();
                        setDeleting(true);
                      }}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              </Group>
              <Grid>
                <Grid.Col span={{ base: 12, md: canReadNotes ? 6 : 12 }}>
                  <ProspectActivities prospect={p} canWrite={canWrite} />
                </Grid.Col>
                {canReadNotes && (
                  <Grid.Col span={{ base: 12, md: 6 }}>
                    <ProspectNotes prospectId={p.id} name={p.displayName} />
                  </Grid.Col>
                )}
              </Grid>
              <ProspectFormModal target={editing ? p : null} onClose={() => setEditing(false)} />
              <ConvertProspectModal prospect={converting ? p : null} onClose={() => setConverting(false)} />
              <ConfirmDeleteModal
                opened={deleting}
                loading={remove.isPending}
                error={remove.error ? errorMessage(remove.error) : null}
                onClose={() => setDeleting(false)}
                onConfirm={() =>
                  remove.mutate(p.id, {
                    onSuccess: (message) => {
                      notifySuccess(message);
                      setDeleting(false);
                      setOpen(null);
                    },
                  })
                }
              >
                Delete {p.displayName}? Its {p.activities.length}{' '}
                {p.activities.length === 1 ? 'activity goes' : 'activities go'} with it, and its notes are
                deleted. Tasks and meetings about it stay with the people they are for.
              </ConfirmDeleteModal>
            </Stack>
          )}
        </QueryState>
      </Drawer>
    </Stack>
  );
};
