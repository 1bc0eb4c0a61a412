import { masterDataLegacyItemSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { clientKeys } from './query-keys.ts';

/**
 * The dropdowns of the member form come from master data through the list calls of spec §7
 * (POST /api/getGender, /api/statesType, ...). Every signed-in user may read them; each answers the
 * whole list sorted by name, religions and industries with their sub-items (sub-religions, jobs).
 */
export const MEMBER_OPTION_LISTS = {
  gender: 'getGender',
  marriageStatus: 'getMarriageStatus',
  sexualOrientation: 'getSexualOrientation',
  politicalParty: 'getPoliticalParty',
  religiousAffiliations: 'getReligiousAffiliations',
  specificInterests: 'getSpecificInterest',
  employmentStatus: 'getEmploymentStatus',
  industry: 'getIndustry',
  states: 'statesType',
} as const;
export type MemberOptionList = keyof typeof MEMBER_OPTION_LISTS;

/** A value for a Mantine Select (string ids); `children` are the sub-items of the value. */
export type MasterOption = {
  value: string;
  label: string;
  children: { value: string; label: string }[];
};

const listSchema = z.array(masterDataLegacyItemSchema);

export const getMasterOptions = async (list: MemberOptionList): Promise<MasterOption[]> => {
  const { result } = await api.post(
    `/${MEMBER_OPTION_LISTS[list]}`,
    { sortBy: 'name', order: 'ASC' },
    { schema: listSchema },
  );
  return result.map((item) => ({
    value: String(item.id),
    label: list === 'states' && item.abbreviation ? `${item.name} (${item.abbreviation})` : item.name,
    children: (item.subItems ?? []).map((sub) => ({ value: String(sub.id), label: sub.name })),
  }));
};

export const masterOptionsQueryOptions = (list: MemberOptionList) =>
  queryOptions({
    queryKey: clientKeys.masterOptions(list),
    queryFn: () => getMasterOptions(list),
    staleTime: 10 * 60 * 1000,
  });

/** One list of options; `enabled` false while the field is not shown. */
export const useMasterOptions = (list: MemberOptionList, enabled = true) =>
  useQuery({ ...masterOptionsQueryOptions(list), enabled });
