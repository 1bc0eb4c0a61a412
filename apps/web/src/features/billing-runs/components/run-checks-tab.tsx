import {
  BILL_CHECK_CODES,
  BILL_CHECK_LABELS,
  type BillCheckFinding,
  type BillRun,
  billCheckOverrideBodySchema,
} from '@centric/contracts';
import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPanel } from '../../../components/list-panel.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { RowNameButton } from '../../../components/row-name-button.tsx';
import { FULL_LABEL_BADGE_STYLES } from '../../../lib/badge-styles.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useBillChecks } from '../api/list-bill-checks.ts';
import { useOverrideBillCheck } from '../api/override-bill-check.ts';
import { ReasonModal } from './confirm-modals.tsx';

/** The override's reason, checked by the override's own contract (its messages). */
const overrideReasonSchema = billCheckOverrideBodySchema.pick({ reason: true });

/** The findings of one bill, under its household. */
type FindingGroup = { billId: string; billNo: number; household: string; findings: BillCheckFinding[] };

/** By household (then bill), each bill's findings in the checks' order. */
export const groupFindings = (findings: readonly BillCheckFinding[]): FindingGroup[] => {
  const groups = new Map<string, FindingGroup>();
  for (const finding of findings) {
    const group = groups.get(finding.billId) ?? {
      billId: finding.billId,
      billNo: finding.billNo,
      household: finding.household,
      findings: [],
    };
    group.findings.push(finding);
    groups.set(finding.billId, group);
  }
  const order = (finding: BillCheckFinding) => BILL_CHECK_CODES.indexOf(finding.code);
  return [...groups.values()]
    .map((group) => ({ ...group, findings: group.findings.sort((a, b) => order(a) - order(b)) }))
    .sort((a, b) => a.household.localeCompare(b.household) || a.billNo - b.billNo);
};

/** The findings nobody let through: they block approval and export. */
export const blockingCount = (findings: readonly BillCheckFinding[] | undefined) =>
  findings?.filter((finding) => finding.override === null).length ?? 0;

type FindingRowProps = {
  finding: BillCheckFinding;
  /** Offer Override (write permission, a run not exported yet). */
  canOverride: boolean;
  onOverride: (finding: BillCheckFinding) => void;
};

const FindingRow = ({ finding, canOverride, onOverride }: FindingRowProps) => {
  const label = BILL_CHECK_LABELS[finding.code];
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="md" py={6}>
      <Stack gap={2} miw={0}>
        <Group gap={8} wrap="wrap">
          <Badge
            variant="light"
            color={finding.override ? 'gray' : 'red'}
            c="dark.7"
            size="sm"
            radius="sm"
            tt="none"
            styles={FULL_LABEL_BADGE_STYLES}
          >
            {finding.override ? 'Overridden' : 'Blocking'}
          </Badge>
          <Text size="sm" fw={600}>
            {label}
          </Text>
        </Group>
        <Text size="sm">{finding.message}</Text>
        {finding.override && (
          <Text size="sm" c="dimmed">
            Overridden by {finding.override.by || 'a user'} on {formatDate(finding.override.at)}:{' '}
            {finding.override.reason}
          </Text>
        )}
      </Stack>
      {!finding.override && canOverride && (
        <Button
          variant="default"
          size="xs"
          style={{ flexShrink: 0 }}
          aria-label={`Override: ${label}, bill ${finding.billNo}`}
          onClick={() => onOverride(finding)}
        >
          Override
        </Button>
      )}
    </Group>
  );
};

type RunChecksTabProps = {
  run: BillRun;
  /** billingInstances write: Override. */
  canWrite: boolean;
  onOpen: (billId: string) => void;
};

/**
 * A live run's pre-export checks, by household: each failing bill with the check's label and message, and
 * either who let it through and why, or Override (a reason kept in the audit trail). A finding nobody let
 * through blocks approval and export.
 */
export const RunChecksTab = ({ run, canWrite, onOpen }: RunChecksTabProps) => {
  const checks = useBillChecks(run.id);
  const override = useOverrideBillCheck();
  const [overriding, setOverriding] = useState<BillCheckFinding | null>(null);
  // An exported bill cannot change any more: nothing to let through.
  const canOverride = canWrite && run.stage !== 'EXPORTED';
  const findings = checks.data ?? [];
  const blocking = blockingCount(findings);
  const close = () => setOverriding(null);

  return (
    <Stack gap="md">
      {findings.length > 0 && (
        <Text size="sm" c="dimmed" role="status">
          {blocking === 0
            ? 'Every finding is overridden: the run can be approved and exported.'
            : `${blocking} ${blocking === 1 ? 'finding blocks' : 'findings block'} approval and export: fix the bill, or override each with a reason.`}
        </Text>
      )}
      <ListPanel
        query={checks}
        loadingLabel={<ListSkeleton label="Loading the checks..." />}
        isEmpty={findings.length === 0}
        empty={{
          icon: <IconShieldCheck size={28} aria-hidden="true" />,
          title: 'All bills pass the pre-export checks.',
          description: 'No bill fails a check: nothing blocks approval or export.',
        }}
      >
        <Stack gap={0}>
          {groupFindings(findings).map((group, index) => (
            <Box
              key={group.billId}
              component="section"
              aria-labelledby={`check-group-${group.billId}`}
              px="md"
              py="sm"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap={8} wrap="nowrap" miw={0}>
                  <IconShieldExclamation
                    size={18}
                    aria-hidden="true"
                    color="var(--mantine-color-orange-8)"
                    style={{ flexShrink: 0 }}
                  />
                  <Title order={2} size="h5" id={`check-group-${group.billId}`} lineClamp={1}>
                    {group.household}
                  </Title>
                </Group>
                <RowNameButton
                  title={`Open bill ${group.billNo} of ${group.household}`}
                  maxWidth={120}
                  onClick={() => onOpen(group.billId)}
                >
                  Bill {group.billNo}
                </RowNameButton>
              </Group>
              <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {group.findings.map((finding) => (
                  <FindingRow
                    key={finding.code}
                    finding={finding}
                    canOverride={canOverride}
                    onOverride={setOverriding}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      </ListPanel>
      <ReasonModal
        opened={overriding !== null}
        title={overriding ? `Override: ${BILL_CHECK_LABELS[overriding.code]}` : 'Override'}
        confirmLabel="Override"
        loading={override.isPending}
        schema={overrideReasonSchema}
        onClose={close}
        onConfirm={({ reason }) => {
          if (!overriding) return;
          override.mutate(
            {
              runId: run.id,
              billId: overriding.billId,
              body: { code: overriding.code, reason },
            },
            {
              onSuccess: ({ message }) => {
                notifySuccess(message);
                close();
              },
              onError: (error) => notifyError(errorMessage(error)),
            },
          );
        }}
      >
        {overriding && (
          <>
            Let bill {overriding.billNo} of {overriding.household} through this check? {overriding.message}{' '}
            The reason is kept in the audit trail.
          </>
        )}
      </ReasonModal>
    </Stack>
  );
};
