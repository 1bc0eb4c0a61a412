import {
  BILL_RUN_STAGE_LABELS,
  BILL_RUN_STATUS_LABELS,
  BILL_STATUS_LABELS,
  BILL_UNIT_OUTCOME_LABELS,
  type BillRunStage,
  type BillRunStatus,
  type BillStatus,
  type BillUnitOutcome,
} from '@centric/contracts';
import { Badge, VisuallyHidden } from '@mantine/core';
import { FULL_LABEL_BADGE_STYLES } from '../../../lib/badge-styles.ts';
import { BILL_STATUS_COLORS, OUTCOME_COLORS, RUN_STAGE_COLORS, RUN_STATUS_COLORS } from './bill-run-text.ts';

/** In progress, Completed or Failed. */
export const RunStatusBadge = ({ status }: { status: BillRunStatus }) => (
  <Badge
    variant="light"
    color={RUN_STATUS_COLORS[status]}
    c="dark.7"
    size="sm"
    radius="sm"
    tt="none"
    styles={FULL_LABEL_BADGE_STYLES}
  >
    <VisuallyHidden>Status: </VisuallyHidden>
    {BILL_RUN_STATUS_LABELS[status]}
  </Badge>
);

/** A live run's bills together: Generated, Approved, Locked or Exported. */
export const RunStageBadge = ({ stage }: { stage: BillRunStage }) => (
  <Badge
    variant="dot"
    color={RUN_STAGE_COLORS[stage]}
    size="sm"
    radius="sm"
    tt="none"
    styles={FULL_LABEL_BADGE_STYLES}
  >
    <VisuallyHidden>Stage: </VisuallyHidden>
    {BILL_RUN_STAGE_LABELS[stage]}
  </Badge>
);

/** One bill: its run's stage, Voided or Pulled out. */
export const BillStatusBadge = ({ status }: { status: BillStatus }) => (
  <Badge
    variant="light"
    color={BILL_STATUS_COLORS[status]}
    c="dark.7"
    size="sm"
    radius="sm"
    tt="none"
    styles={FULL_LABEL_BADGE_STYLES}
  >
    {BILL_STATUS_LABELS[status]}
  </Badge>
);

/** What the run did with a unit. */
export const OutcomeBadge = ({ outcome }: { outcome: BillUnitOutcome }) => (
  <Badge
    variant="light"
    color={OUTCOME_COLORS[outcome]}
    c="dark.7"
    size="sm"
    radius="sm"
    tt="none"
    styles={FULL_LABEL_BADGE_STYLES}
  >
    {BILL_UNIT_OUTCOME_LABELS[outcome]}
  </Badge>
);
