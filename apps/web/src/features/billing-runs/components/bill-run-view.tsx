import {
  BILL_CHECK_MESSAGES,
  BILL_KIND_LABELS,
  BILL_RUN_MESSAGES,
  BILL_RUN_STAGE_LABELS,
  type BillRun,
} from '@centric/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  EmptyState,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconLock,
  IconLockOpen,
  IconReceiptOff,
  IconRefresh,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys.ts';
import { useApproveBillRun } from '../api/approve-bill-run.ts';
import { useBillRun } from '../api/get-bill-run.ts';
import { useBillChecks } from '../api/list-bill-checks.ts';
import { useLockBillRun } from '../api/lock-bill-run.ts';
import { useRetryBillRun } from '../api/retry-bill-run.ts';
import { useUnlockBillRun } from '../api/unlock-bill-run.ts';
import { type RunTab, useRunPageParams } from '../hooks/use-run-page-params.ts';
import { BillDrawer } from './bill-explanation.tsx';
import { RunStageBadge, RunStatusBadge } from './bill-run-badges.tsx';
import { periodText, progressPercent, runPeriodText, runTitle, scopeText } from './bill-run-text.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ReasonModal } from './confirm-modals.tsx';
import { RunBillsTab } from './run-bills-tab.tsx';
import { RunUnitsTab } from './run-units-tab.tsx';
import { RunChecksTab, blockingCount } from './run-checks-tab.tsx';
import { RunDifferencesTab } from './run-differences-tab.tsx';
import { RunDownloads } from './run-downloads.tsx';
import { RunExportsTab } from './run-exports-tab.tsx';
import { Fact } from '../../../components/fact.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const BackToRuns = () => (
  <Anchor component={Link} to={paths.billingInstances.href()} size="sm" w="fit-content">
    <Group gap={4} wrap="nowrap">
      <IconArrowLeft size={14} aria-hidden="true" />
      Billing Instances
    </Group>
  </Anchor>
);

/** A run that does not exist, or an id that cannot be one. */
export const BillRunNotFound = () => (
  <Center mih="50vh">
    <EmptyState variant="light" icon={<IconReceiptOff size={30} aria-hidden="true" />}>
      <EmptyState.Title order={1}>{BILL_RUN_MESSAGES.notFound}</EmptyState.Title>
      <EmptyState.Description>This bill run does not exist, or the link is wrong.</EmptyState.Description>
      <EmptyState.Actions>
        <Button
          component={Link}
          to={paths.billingInstances.href()}
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        >
          Back to bill runs
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  </Center>
);

const RunSkeleton = () => (
  <Stack gap="lg" role="status" aria-live="polite" aria-label="Loading bill run...">
    <Skeleton height={14} width={100} />
    <Paper withBorder radius="lg" p="lg">
      <Stack gap={10}>
        <Skeleton height={26} width="30%" />
        <Skeleton height={16} width="60%" />
        <Skeleton height={60} />
      </Stack>
    </Paper>
    <Skeleton height={200} />
  </Stack>
);

const byAt = (person: BillRun['createdBy'], at: string | null) =>
  at ? `${formatDate(at)}${person ? ` by ${person.fullName}` : ''}` : '';

/** The run's progress: a live bar while it runs, then what it did with its units. */
const RunProgress = ({ run }: { run: BillRun }) => {
  const { done, total, failed } = run.progress;
  const running = run.status === 'in_progress';
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" fw={600} id="run-progress-label">
          {running ? 'Billing the households…' : 'Households done'}
        </Text>
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
          {done} of {total}
          {failed > 0 && (
            <Text span size="sm" c="red.9" fw={600}>
              {' '}
              · {failed} failed
            </Text>
          )}
        </Text>
      </Group>
      {/* The section is the progressbar: its name and value text go on it, not on the root. */}
      <Progress.Root size="lg" radius="sm">
        <Progress.Section
          value={progressPercent(run.progress)}
          color={failed > 0 ? 'orange' : running ? 'blue' : 'green'}
          animated={running}
          aria-labelledby="run-progress-label"
          aria-valuetext={`${done} of ${total} households done${failed > 0 ? `, ${failed} failed` : ''}`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        Units: {run.units.billed} billed · {run.units.skipped} skipped · {run.units.alreadyBilled} already
        billed
        {run.units.failed > 0 ? ` · ${run.units.failed} failed` : ''}
      </Text>
    </Stack>
  );
};

type RunStep = 'approve' | 'lock' | 'retry' | 'unlock';

const STEP_TEXT: Readonly<
  Record<Exclude<RunStep, 'unlock'>, { label: string; text: (run: BillRun) => string }>
> = {
  approve: {
    label: 'Approve',
    text: (run) =>
      `Approve the ${run.bills} bills of ${runTitle(run)} (${formatMoney(run.total)})? They can still be pulled out or billed again until the run is locked.`,
  },
  lock: {
    label: 'Lock',
    text: (run) =>
      `Lock ${runTitle(run)}? Nothing changes its ${run.bills} bills after this: a correction becomes an adjustment in a later run, and the payout blocks count this payment.`,
  },
  retry: {
    label: 'Retry failed',
    text: (run) =>
      `Bill the ${run.progress.failed} failed ${run.progress.failed === 1 ? 'household' : 'households'} of ${runTitle(run)} again?`,
  },
};

type RunActionsProps = {
  run: BillRun;
  canWrite: boolean;
  isAdministrator: boolean;
  /** The pre-export checks block the approval: the Checks tab opens. */
  onBlocked: () => void;
};

/** The run's next steps by its state, each after confirming: Retry failed, Approve, Lock, Unlock. */
const RunActions = ({ run, canWrite, isAdministrator, onBlocked }: RunActionsProps) => {
  const approve = useApproveBillRun();
  const lock = useLockBillRun();
  const retry = useRetryBillRun();
  const unlock = useUnlockBillRun();
  const [step, setStep] = useState<RunStep | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (!canWrite || run.status === 'in_progress') return null;

  const live = run.kind === 'LIVE_BILL';
  const canRetry = run.progress.failed > 0 && run.stage !== 'LOCKED' && run.stage !== 'EXPORTED';
  const canApprove = live && run.stage === 'GENERATED';
  const canLock = live && run.stage === 'APPROVED';
  const canUnlock = live && run.stage === 'LOCKED' && isAdministrator;
  if (!canRetry && !canApprove && !canLock && !canUnlock) return null;

  const open = (next: RunStep) => {
    setFailure(null);
    setStep(next);
  };
  const close = () => setStep(null);
  const done = ({ message }: { message: string }) => {
    notifySuccess(message);
    close();
  };
  const onError = (error: unknown) => setFailure(errorMessage(error));
  // Bills that fail the checks: said in a toast, and the Checks tab shows which and offers to override.
  const onApproveError = (error: unknown) => {
    if (errorMessage(error) !== BILL_CHECK_MESSAGES.blocked) return onError(error);
    notifyError(BILL_CHECK_MESSAGES.blocked);
    close();
    onBlocked();
  };
  const confirm = () => {
    if (step === 'approve') approve.mutate(run.id, { onSuccess: done, onError: onApproveError });
    else if (step === 'lock') lock.mutate(run.id, { onSuccess: done, onError });
    else if (step === 'retry') retry.mutate(run.id, { onSuccess: done, onError });
  };
  const confirmStep = step === 'unlock' ? null : step;

  return (
    <>
      <Group gap="sm">
        {canRetry && (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={() => open('retry')}
          >
            Retry failed ({run.progress.failed})
          </Button>
        )}
        {canApprove && (
          <Button
            leftSection={<IconCircleCheck size={16} aria-hidden="true" />}
            onClick={() => open('approve')}
          >
            Approve
          </Button>
        )}
        {canLock && (
          <Button leftSection={<IconLock size={16} aria-hidden="true" />} onClick={() => open('lock')}>
            Lock
          </Button>
        )}
        {canUnlock && (
          <Button
            variant="default"
            leftSection={<IconLockOpen size={16} aria-hidden="true" />}
            onClick={() => open('unlock')}
          >
            Unlock
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={confirmStep !== null}
        confirmLabel={confirmStep ? STEP_TEXT[confirmStep].label : ''}
        loading={approve.isPending || lock.isPending || retry.isPending}
        error={failure}
        onConfirm={confirm}
        onClose={close}
      >
        {confirmStep && STEP_TEXT[confirmStep].text(run)}
      </ConfirmModal>
      <ReasonModal
        opened={step === 'unlock'}
        title={`Unlock ${runTitle(run)}`}
        confirmLabel="Unlock"
        loading={unlock.isPending}
        onClose={close}
        onConfirm={(body) =>
          unlock.mutate(
            { runId: run.id, body },
            { onSuccess: done, onError: (error) => notifyError(errorMessage(error)) },
          )
        }
      >
        Unlock {runTitle(run)}? Its bills can change again until it is locked anew; the reason is kept in the
        audit trail.
      </ReasonModal>
    </>
  );
};

type RunHeaderProps = RunActionsProps;

/** The run's facts, status and stage, progress, downloads and next steps. */
const RunHeader = ({ run, canWrite, isAdministrator, onBlocked }: RunHeaderProps) => (
  <Paper withBorder radius="lg" p="lg">
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} miw={0}>
          <Title order={1} size="h2">
            {runTitle(run)}: {BILL_KIND_LABELS[run.kind]}
          </Title>
          <Group gap="xs">
            <RunStatusBadge status={run.status} />
            {run.stage && <RunStageBadge stage={run.stage} />}
            <Text size="sm" c="dimmed">
              {scopeText(run)} · {runPeriodText(run)}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm" wrap="wrap" justify="flex-end">
          <RunDownloads run={run} />
          <RunActions run={run} canWrite={canWrite} isAdministrator={isAdministrator} onBlocked={onBlocked} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" component="dl" m={0}>
        <Fact label="Period">{periodText(run.periodStart, run.periodEnd)}</Fact>
        <Fact label="Valuation date">{formatDate(run.valuationDate)}</Fact>
        <Fact label="Proration">
          {run.proration === 'ACTUAL_DAYS' ? 'By actual days' : 'By the billing frequency'}
        </Fact>
        <Fact label="Bills">{run.bills}</Fact>
        <Fact label="Total">{formatMoney(run.total)}</Fact>
        <Fact label="Created">{byAt(run.createdBy, run.createdAt)}</Fact>
        {run.finishedAt && <Fact label="Finished">{formatDate(run.finishedAt)}</Fact>}
        {run.approvedAt && <Fact label="Approved">{byAt(run.approvedBy, run.approvedAt)}</Fact>}
        {run.lockedAt && <Fact label="Locked">{byAt(run.lockedBy, run.lockedAt)}</Fact>}
      </SimpleGrid>
      <RunProgress run={run} />
      {run.status === 'Failed' && (
        <Alert
          variant="light"
          color="red"
          title="The run failed"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        >
          {run.progress.failed > 0
            ? 'Some households could not be billed: the Units tab says why. Retry them, or pull them out.'
            : 'The run stopped before it finished. Start it again, or ask an administrator.'}
        </Alert>
      )}
      {run.stage === 'GENERATED' && run.progress.failed > 0 && run.status !== 'in_progress' && (
        <Text size="sm" c="dimmed">
          {BILL_RUN_MESSAGES.failedGroups}
        </Text>
      )}
      {run.stage && run.stage !== 'GENERATED' && (
        <Text size="sm" c="dimmed">
          Stage: {BILL_RUN_STAGE_LABELS[run.stage]}.
          {run.stage === 'LOCKED' || run.stage === 'EXPORTED' ? ` ${BILL_RUN_MESSAGES.locked}` : ''}
        </Text>
      )}
    </Stack>
  </Paper>
);

type BillRunViewProps = {
  runId: string;
  /** billingInstances write: the run's and its bills' steps. */
  canWrite: boolean;
  /** Role id 1: may unlock a locked run. */
  isAdministrator: boolean;
};

/** Refreshes the run's lists once it stops running: the bills and units are final then. */
const useRefreshWhenDone = (run: BillRun | undefined) => {
  const queryClient = useQueryClient();
  const previous = useRef(run?.status);
  useEffect(() => {
    const before = previous.current;
    previous.current = run?.status;
    if (run && before === 'in_progress' && run.status !== 'in_progress') {
      void invalidateKeys(queryClient, [
        queryKeys.billRuns.lists(),
        queryKeys.billRuns.runBills(run.id),
        queryKeys.billRuns.runUnits(run.id),
        queryKeys.billRuns.liveBills(),
        queryKeys.billing.all,
      ]);
    }
  }, [run, queryClient]);
};

/** The tabs of a live run beside Bills and Units: its checks, its differences from the forecast, its exports. */
const LIVE_TABS: readonly RunTab[] = ['checks', 'differences', 'exports'];

/** The Checks tab's count of findings that block approval and export (the tab's name says it). */
const BlockingBadge = ({ blocking }: { blocking: number }) => (
  <Badge size="sm" variant="filled" color="red.9" circle={blocking < 10} aria-hidden="true">
    {blocking}
  </Badge>
);

/**
 * `/billing/billingInstances/{runId}`: the run's facts and status, its progress live while it runs (asked
 * for every second), its reports and invoices, its next steps, and its Bills and Units; a live run also its
 * Checks, Differences (from the forecast) and Exports. A bill opens to its explanation.
 */
export const BillRunView = ({ runId, canWrite, isAdministrator }: BillRunViewProps) => {
  const validId = UUID.test(runId);
  const run = useBillRun(runId, validId);
  const { tab, billId, setTab, setBill } = useRunPageParams();
  useRefreshWhenDone(run.data);
  const live = run.data?.kind === 'LIVE_BILL';
  const finished = run.data !== undefined && run.data.status !== 'in_progress';
  // The count on the Checks tab: asked for once a live run has finished.
  const checks = useBillChecks(runId, validId && live && finished);
  if (!validId) return <BillRunNotFound />;
  return (
    <QueryState
      query={run}
      loading={<RunSkeleton />}
      errorTitle="The bill run could not be loaded"
      notFound={<BillRunNotFound />}
    >
      {(data) => {
        const running = data.status === 'in_progress';
        const liveTabs = data.kind === 'LIVE_BILL' && !running;
        // A live run's tab on a forecast's (or a running run's) link: Bills instead.
        const shown: RunTab = !liveTabs && LIVE_TABS.includes(tab) ? 'bills' : tab;
        const blocking = blockingCount(checks.data);
        const openChecks = () => setTab('checks');
        return (
          <Stack gap="lg">
            <BackToRuns />
            <RunHeader
              run={data}
              canWrite={canWrite}
              isAdministrator={isAdministrator}
              onBlocked={openChecks}
            />
            <Tabs value={shown} onChange={(next) => next && setTab(next as RunTab)} keepMounted={false}>
              <Tabs.List mb="lg" aria-label="Bill run sections">
                <Tabs.Tab value="bills">Bills ({data.bills})</Tabs.Tab>
                <Tabs.Tab value="units">Units</Tabs.Tab>
                {liveTabs && (
                  <>
                    <Tabs.Tab
                      value="checks"
                      rightSection={blocking > 0 ? <BlockingBadge blocking={blocking} /> : undefined}
                      {...(blocking > 0 ? { 'aria-label': `Checks, ${blocking} blocking` } : {})}
                    >
                      Checks
                    </Tabs.Tab>
                    <Tabs.Tab value="differences">Differences</Tabs.Tab>
                    <Tabs.Tab value="exports">Exports</Tabs.Tab>
                  </>
                )}
              </Tabs.List>
              <Tabs.Panel value="bills">
                <RunBillsTab runId={data.id} running={running} onOpen={setBill} />
              </Tabs.Panel>
              <Tabs.Panel value="units">
                <RunUnitsTab runId={data.id} running={running} onOpen={setBill} />
              </Tabs.Panel>
              {liveTabs && (
                <>
                  <Tabs.Panel value="checks">
                    <RunChecksTab run={data} canWrite={canWrite} onOpen={setBill} />
                  </Tabs.Panel>
                  <Tabs.Panel value="differences">
                    <RunDifferencesTab run={data} onOpen={setBill} />
                  </Tabs.Panel>
                  <Tabs.Panel value="exports">
                    <RunExportsTab run={data} canWrite={canWrite} onBlocked={openChecks} />
                  </Tabs.Panel>
                </>
              )}
            </Tabs>
            <BillDrawer billId={billId} canWrite={canWrite} onClose={() => setBill(null)} />
          </Stack>
        );
      }}
    </QueryState>
  );
};
