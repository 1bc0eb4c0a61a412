import { type MemberAvatar, sortMembersForDisplay } from '@centric/contracts';
import { Avatar, Tooltip } from '@mantine/core';
import { AuthenticatedAvatar } from '../../../../components/authenticated-avatar.tsx';

/** More members than this show as "+N". */
export const AVATAR_GROUP_MAX = 4;

type HouseholdAvatarGroupProps = {
  members: readonly MemberAvatar[];
  size?: number;
};

/**
 * The members of a household as overlapping avatars, primary first then secondary (spec §4 ordering), with
 * the picture when there is one (loaded with the bearer token) and initials otherwise; "+N" past four.
 * Decorative next to the household's name, which carries the accessible text.
 */
export const HouseholdAvatarGroup = ({ members, size = 32 }: HouseholdAvatarGroupProps) => {
  const ordered = sortMembersForDisplay(members);
  const shown = ordered.slice(0, AVATAR_GROUP_MAX);
  const hidden = ordered.slice(AVATAR_GROUP_MAX);
  return (
    <Tooltip.Group openDelay={300} closeDelay={100}>
      <Avatar.Group spacing={size / 3} aria-hidden="true">
        {shown.map((member) => (
          <Tooltip key={member.id} label={member.fullName} withArrow>
            <AuthenticatedAvatar
              imagePath={member.profileImageUrl}
              name={member.fullName}
              size={size}
              radius="xl"
            />
          </Tooltip>
        ))}
        {hidden.length > 0 && (
          <Tooltip label={hidden.map((m) => m.fullName).join(', ')} withArrow multiline maw={260}>
            <Avatar size={size} radius="xl" color="gray" variant="light">
              +{hidden.length}
            </Avatar>
          </Tooltip>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
};
