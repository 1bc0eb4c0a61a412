import type { Sysconfig } from '@centric/contracts';
import { Button, Group, NumberInput, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconId } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { LeaveGuard } from '../../../components/leave-guard.tsx';
import { showFormErrors } from '../../../lib/form-errors.ts';
import { formatMoneyTyping, moneyFromInput } from '../../../lib/money.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateSysconfig } from '../api/update-sysconfig.ts';
import {
  FIRM_SETTINGS_FIELDS,
  type FirmSettingsValues,
  amountForInput,
  changedFields,
  firmSettingsResolver,
  firmSettingsValuesOf,
  sysconfigChangesOf,
} from './firm-settings-values.ts';

type SettingsSectionProps = { title: string; description: string; icon: ReactNode; children: ReactNode };

/** One card of settings: its heading, what the settings in it are for, and the fields. */
const SettingsSection = ({ title, description, icon, children }: SettingsSectionProps) => {
  const headingId = useId();
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby={headingId}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {icon}
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
};

/** A helper text above the field's error, as the money fields of the fee schedules show it. */
const WRAPPER_ORDER: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

type FirmSettingsFormProps = {
  saved: Sysconfig;
  /** masterData write: without it the settings are shown, not changed. */
  canWrite: boolean;
};

/**
 * The firm's settings (PUT /api/sysconfig): SSN masking on member forms, and the amount and share of an
 * account's value from which a withdrawal or transfer out raises a managed-accounts alert. Save sends only
 * what changed; the contract checks the fields first with the server's own messages.
 */
export const FirmSettingsForm = ({ saved, canWrite }: FirmSettingsFormProps) => {
  const save = useUpdateSysconfig();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<FirmSettingsValues>({
    defaultValues: firmSettingsValuesOf(saved),
    resolver: firmSettingsResolver,
  });
  const changed = changedFields(watch(), saved).length > 0;
  const readOnly = !canWrite;

  const handleSave = handleSubmit((values) => {
    const changes = sysconfigChangesOf(values, saved);
    if (Object.keys(changes).length === 0) return;
    save.mutate(changes, {
      onSuccess: ({ settings, message }) => {
        reset(firmSettingsValuesOf(settings));
        notifySuccess(message);
      },
      onError: (error) => {
        showFormErrors(error, setError, { fields: FIRM_SETTINGS_FIELDS, focus: true });
      },
    });
  });

  /** A whole amount is shown with its cents once the field is left ('50,000' → '50,000.00'). */
  const handleAmountBlur = (typed: string) => {
    const amount = moneyFromInput(typed);
    if (/^\d+(\.\d{0,2})?$/.test(amount)) setValue('largeWithdrawalAmount', amountForInput(amount));
  };

  return (
    <form onSubmit={(event) => void handleSave(event)} noValidate aria-label="Firm settings">
      <Stack gap="lg">
        {readOnly && (
          <Text size="sm" c="dimmed">
            You can see these settings; changing them needs permission to write Master Data.
          </Text>
        )}
        <SettingsSection
          title="Client records"
          description="How members' identity numbers are taken on the household's member forms."
          icon={<IconId size={22} aria-hidden="true" />}
        >
          <Controller
            control={control}
            name="ssnMasking"
            render={({ field }) => (
              <Switch
                ref={field.ref}
                label="Accept masked SSNs"
                description="When on, a member form may send an SSN masked to its last 4 digits and the stored number is kept; when off, the full number must be entered again."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                disabled={readOnly}
                error={errors.ssnMasking?.message}
              />
            )}
          />
        </SettingsSection>
        <SettingsSection
          title="Transaction alerts"
          description="A withdrawal or transfer out that reaches either threshold raises an alert on the household's managed accounts."
          icon={<IconAlertTriangle size={22} aria-hidden="true" />}
        >
          <Group grow align="flex-start" wrap="wrap" gap="lg">
            <Controller
              control={control}
              name="largeWithdrawalAmount"
              render={({ field }) => (
                <TextInput
                  ref={field.ref}
                  label="Large withdrawal amount"
                  description="Alert when one withdrawal or transfer out is at least this many dollars ($1 to $1,000,000,000)."
                  inputWrapperOrder={WRAPPER_ORDER}
                  withAsterisk={canWrite}
                  inputMode="decimal"
                  autoComplete="off"
                  leftSection={<span aria-hidden="true">$</span>}
                  miw={240}
                  value={field.value}
                  onChange={(event) => field.onChange(formatMoneyTyping(event.currentTarget.value))}
                  onBlur={() => {
                    handleAmountBlur(field.value);
                    field.onBlur();
                  }}
                  readOnly={readOnly}
                  error={errors.largeWithdrawalAmount?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="largeWithdrawalPercent"
              render={({ field }) => (
                <NumberInput
                  ref={field.ref}
                  label="Large withdrawal share"
                  description="Alert when one withdrawal or transfer out is at least this share of the account's value on its date (1% to 100%)."
                  inputWrapperOrder={WRAPPER_ORDER}
                  withAsterisk={canWrite}
                  suffix="%"
                  min={1}
                  max={100}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  hideControls
                  miw={240}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  readOnly={readOnly}
                  error={errors.largeWithdrawalPercent?.message}
                />
              )}
            />
          </Group>
        </SettingsSection>
        {canWrite && (
          <Group justify="flex-end">
            <Button
              variant="default"
              type="button"
              disabled={!changed || save.isPending}
              onClick={() => reset(firmSettingsValuesOf(saved))}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
      <LeaveGuard
        when={canWrite && changed && !save.isPending}
        message="Your changes to the firm settings are not saved."
      />
    </form>
  );
};
