import {
  CLIENT_API_MESSAGES,
  type MemberDetail,
  formatPhone,
  sortMembersForDisplay,
} from '@centric/contracts';
import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconMail, IconPencil, IconPhone, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { AuthenticatedAvatar } from '../../../../components/authenticated-avatar.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useDeleteMember } from '../../api/delete-member.ts';
import { ConfirmDeleteModal } from '../../../../components/confirm-delete-modal.tsx';
import { useConfirmedDelete } from './use-confirmed-delete.ts';
import { memberKindLabel } from './labels.ts';
import { SectionAction, SectionCard, SectionEmpty } from './section-card.tsx';

type MembersCardProps = {
  clientId: string;
  members: MemberDetail[];
  canWrite: boolean;
  canDelete: boolean;
  onAdd: () => void;
  onEdit: (memberId: string) => void;
};

const primaryOf = <T extends { isPrimary: boolean }>(list: T[]): T | undefined =>
  list.find((entry) => entry.isPrimary) ?? list[0];

const MemberRow = ({
  member,
  canWrite,
  canDelete,
  onEdit,
  onDelete,
}: {
  member: MemberDetail;
  canWrite: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) => {
  const phone = primaryOf(member.phoneNumbers);
  const email = primaryOf(member.emailAddresses);
  const isPrimary = member.subType === 'PRIMARY';
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="md"
      py="sm"
      aria-label={member.fullName}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <AuthenticatedAvatar
        imagePath={member.profileImageUrl}
        name={member.fullName}
        size={48}
        radius="xl"
        style={member.deceased ? { filter: 'grayscale(1)' } : undefined}
      />
      <Stack gap={4} style={{ flex: 1 }} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm">
            {member.fullName}
          </Text>
          {member.nickName && (
            <Text size="sm" c="dimmed">
              “{member.nickName}”
            </Text>
          )}
          {member.deceased && (
            <Badge size="sm" variant="outline" color="gray" radius="sm">
              {member.deceasedDate ? `Deceased ${formatDate(member.deceasedDate)}` : 'Deceased'}
            </Badge>
          )}
        </Group>
        <Group gap={6} wrap="wrap">
          <Badge size="sm" variant={isPrimary ? 'filled' : 'light'} color="brand" radius="sm">
            {memberKindLabel(member)}
          </Badge>
          {member.ageLabel && (
            <Badge size="sm" variant="light" color="blue" radius="sm">
              {member.ageLabel}
            </Badge>
          )}
          {member.date && (
            <Text size="xs" c="dimmed">
              {member.type === 'PERSON' || member.type === 'PET' ? 'DOB' : 'Date'} {formatDate(member.date)}
            </Text>
          )}
        </Group>
        {(phone || email) && (
          <Group gap="md" wrap="wrap" mt={2}>
            {phone && (
              <Group gap={4} wrap="nowrap">
                <IconPhone size={14} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                <Anchor href={`tel:${phone.phone}`} size="xs" c="dark">
                  {formatPhone(phone.phone)}
                </Anchor>
              </Group>
            )}
            {email && (
              <Group gap={4} wrap="nowrap" miw={0}>
                <IconMail size={14} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                <Anchor href={`mailto:${email.email}`} size="xs" truncate="end">
                  {email.email}
                </Anchor>
              </Group>
            )}
          </Group>
        )}
      </Stack>
      {(canWrite || (canDelete && !isPrimary)) && (
        <Group gap={2} wrap="nowrap">
          {canWrite && (
            <Tooltip label="Edit member">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Edit ${member.fullName}`}
                onClick={onEdit}
              >
                <IconPencil size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          )}
          {canDelete && !isPrimary && (
            <Tooltip label="Delete member">
              <ActionIcon
                variant="subtle"
                color="red.9"
                aria-label={`Delete ${member.fullName}`}
                onClick={onDelete}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      )}
    </Group>
  );
};

/** The household's members, primary first and secondary second, with their age labels and main contacts. */
export const MembersCard = ({ clientId, members, canWrite, canDelete, onAdd, onEdit }: MembersCardProps) => {
  const del = useConfirmedDelete(
    useDeleteMember(),
    (entry: MemberDetail) => ({ clientId, memberId: entry.id }),
    CLIENT_API_MESSAGES.memberDeleted,
  );
  const { deleting } = del;
  const sorted = sortMembersForDisplay(members);

  return (
    <SectionCard
      title="Members"
      icon={<IconUsers size={18} />}
      count={members.length}
      actions={canWrite && <SectionAction label="Add member" icon={IconUserPlus} onClick={onAdd} />}
    >
      {sorted.length === 0 ? (
        <SectionEmpty
          message="No members yet"
          actionLabel={canWrite ? 'Add member' : undefined}
          onAction={canWrite ? onAdd : undefined}
        />
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Members">
          {sorted.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              canWrite={canWrite}
              canDelete={canDelete}
              onEdit={() => onEdit(member.id)}
              onDelete={() => del.ask(member)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDeleteModal
        opened={deleting !== null}
        loading={del.isPending}
        onConfirm={del.confirm}
        onClose={del.cancel}
      >
        Are you sure you want to delete {deleting?.fullName}? Their contact details, special dates, milestones
        and relationships in this household are removed with them.
      </ConfirmDeleteModal>
    </SectionCard>
  );
};
