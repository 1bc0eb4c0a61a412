import type { FeeStructure, FeeType } from '@centric/billing';

/** Display names of the fee schedule enumerations, for every screen and file that shows them. */
export const FEE_TYPE_LABELS: Readonly<Record<FeeType, string>> = {
  PERCENTAGE: 'Percentage',
  FIXED: 'Fixed',
};

export const FEE_STRUCTURE_LABELS: Readonly<Record<FeeStructure, string>> = {
  TIERED: 'Tiered',
  LINEAR: 'Linear',
};
