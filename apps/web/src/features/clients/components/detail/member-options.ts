import { type MemberDetail, sortMembersForDisplay } from '@centric/contracts';

/** Select options of the household's members, in display order (primary first). */
export const memberOptions = (members: readonly MemberDetail[]) =>
  sortMembersForDisplay(members).map((member) => ({ value: member.id, label: member.fullName }));
