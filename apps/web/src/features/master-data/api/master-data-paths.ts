import type { MasterDataType } from '@centric/contracts';

/** A list, or the sub-list of one parent value (sub-religions of a religion, jobs of an industry). */
export type MasterDataListRef = { type: MasterDataType; parentId?: number | undefined };

/** `/master-data/gender` or `/master-data/religious-affiliations/4/items`. */
export const collectionPath = ({ type, parentId }: MasterDataListRef) =>
  parentId === undefined ? `/master-data/${type}` : `/master-data/${type}/${parentId}/items`;

export const itemPath = (ref: MasterDataListRef, id: number) => `${collectionPath(ref)}/${id}`;
