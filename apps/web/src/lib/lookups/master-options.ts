import { masterDataItemResultSchema, masterDataLegacyItemSchema } from '@centric/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

/**
 * The master-data dropdowns of every form (member wizard, other professionals, later accounts and prospects)
 * come through the list calls of spec §7 (POST /api/getGender, /api/statesType, ...): every signed-in user
 * may read them; each answers the whole list sorted by name, religions and industries with their sub-items
 * (sub-religions, jobs). One cached query per list, shared by every feature.
 */
export const MASTER_OPTION_LISTS = {
  gender: 'getGender',
  marriageStatus: 'getMarriageStatus',
  sexualOrientation: 'getSexualOrientation',
  politicalParty: 'getPoliticalParty',
  religiousAffiliations: 'getReligiousAffiliations',
  specificInterests: 'getSpecificInterest',
  employmentStatus: 'getEmploymentStatus',
  industry: 'getIndustry',
  states: 'statesType',
  accountObjective: 'getAccountObjective',
  sources: 'getSources',
} as const;

/** Lists with no call of their own in spec §7, read through GET /api/master-data/:type (open to every user). */
export const MASTER_DATA_TYPE_LISTS = {
  registrationType: 'registration-type',
  strategyType: 'strategy-types',
  workflowType: 'workflow-types',
} as const;
export type MasterOptionList = keyof typeof MASTER_OPTION_LISTS | keyof typeof MASTER_DATA_TYPE_LISTS;

/** A value for a Mantine Select (string ids); `children` are the sub-items of the value. */
export type MasterOption = {
  value: string;
  label: string;
  children: { value: string; label: string }[];
};

const listSchema = z.array(masterDataLegacyItemSchema);

export const getMasterOptions = async (
  list: MasterOptionList,
  signal?: AbortSignal,
): Promise<MasterOption[]> => {
  if (list in MASTER_DATA_TYPE_LISTS) {
    const type = MASTER_DATA_TYPE_LISTS[list as keyof typeof MASTER_DATA_TYPE_LISTS];
    const { result } = await api.get(`/master-data/${type}`, {
      query: { limit: 100, sortBy: 'name', order: 'ASC' },
      schema: z.array(masterDataItemResultSchema),
      ...(signal ? { signal } : {}),
    });
    return result.map((item) => ({ value: String(item.id), label: item.name, children: [] }));
  }
  const { result } = await api.post(
    `/${MASTER_OPTION_LISTS[list as keyof typeof MASTER_OPTION_LISTS]}`,
    { sortBy: 'name', order: 'ASC' },
    { schema: listSchema, ...(signal ? { signal } : {}) },
  );
  return result.map((item) => ({
    value: String(item.id),
    // States read "New York (NY)" wherever they are picked.
    label: list === 'states' && item.abbreviation ? `${item.name} (${item.abbreviation})` : item.name,
    children: (item.subItems ?? []).map((sub) => ({ value: String(sub.id), label: sub.name })),
  }));
};

export const masterOptionsQueryOptions = (list: MasterOptionList) =>
  queryOptions({
    queryKey: queryKeys.lookups.masterOptions(list),
    queryFn: ({ signal }) => getMasterOptions(list, signal),
    staleTime: 10 * 60 * 1000,
  });

/** One list of options; `enabled` false while the field is not shown. */
export const useMasterOptions = (list: MasterOptionList, enabled = true) =>
  useQuery({ ...masterOptionsQueryOptions(list), enabled });
