import { type MemberAvatar, sortMembersForDisplay } from '@centric/contracts';
import { Avatar, Stack, Text, Tooltip } from '@mantine/core';
import { AuthenticatedAvatar } from '../../../../components/authenticated-avatar.tsx';

/** More members than this show as "+N" (the N members past the first three). */
export const AVATAR_GROUP_MAX = 3;

/** "Members: Ann Bennett, Ray Bennett, Tom Bennett" in display order, for the tooltip and screen readers. */
export const householdMembersText = (members: readonly MemberAvatar[]): string =>
  `Members: ${sortMembersForDisplay(members)
    .map((m) => m.fullName)
    .join(', ')}`;

type HouseholdAvatarGroupProps = {
  members: readonly MemberAvatar[];
  size?: number;
  /**
   * Id for a hidden "Members: …" text; the link around the group points at it with aria-describedby so
   * readers hear the members after the household's name (the avatars themselves are decorative).
   */
  descriptionId?: string;
};

/**
 * The members of a household as slightly overlapping avatars separated by a white ring, primary first then
 * secondary (spec §4 ordering), with the picture when there is one (loaded with the bearer token) and two
 * initials otherwise, sized so they are never covered by the next avatar; "+N" past three. Hovering the group
 * lists every member.
 */
export const HouseholdAvatarGroup = ({ members, size = 36, descriptionId }: HouseholdAvatarGroupProps) => {
  const ordered = sortMembersForDisplay(members);
  const shown = ordered.slice(0, AVATAR_GROUP_MAX);
  const hiddenCount = ordered.length - shown.length;
  // A small overlap (a sixth) and initials at under a third of the avatar: even wide pairs ("MW") end
  // before the next avatar's ring, so both letters stay whole.
  const overlap = Math.round(size / 6);
  const fontSize = Math.round(size * 0.32);
  const ring = { root: { border: '2px solid var(--mantine-color-white)' } };
  return (
    <>
      <Tooltip
        label={
          <Stack gap={0}>
            {ordered.map((m) => (
              <Text key={m.id} size="xs" c="inherit">
                {m.fullName}
              </Text>
            ))}
          </Stack>
        }
        openDelay={200}
        closeDelay={100}
        position="top-start"
      >
        <Avatar.Group spacing={overlap} aria-hidden="true" style={{ flexShrink: 0 }}>
          {shown.map((member) => (
            <AuthenticatedAvatar
              key={member.id}
              imagePath={member.profileImageUrl}
              name={member.fullName}
              size={size}
              radius="xl"
              styles={{ ...ring, placeholder: { fontSize, letterSpacing: 0 } }}
            />
          ))}
          {hiddenCount > 0 && (
            <Avatar
              size={size}
              radius="xl"
              styles={{
                ...ring,
                placeholder: {
                  fontSize,
                  letterSpacing: 0,
                  background: 'var(--mantine-color-gray-2)',
                  color: 'var(--mantine-color-gray-9)',
                },
              }}
            >
              +{hiddenCount}
            </Avatar>
          )}
        </Avatar.Group>
      </Tooltip>
      {descriptionId && (
        <span id={descriptionId} hidden>
          {householdMembersText(members)}
        </span>
      )}
    </>
  );
};
