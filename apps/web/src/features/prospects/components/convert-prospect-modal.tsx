import {
  conversionAnswerDefaults,
  conversionIssues,
  conversionMemberAnswersSchema,
  type ConversionFieldChange,
  type ConversionMemberFormValues,
  type ConversionMode,
  CONVERSION_MOVE_KINDS,
  CONVERSION_MOVE_LABELS,
  PROSPECT_MESSAGES,
  type Prospect,
  type ProspectForMember,
} from '@centric/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconHome } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { HouseholdPicker } from '../../../components/household-picker.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showFormErrors } from '../../../lib/form-errors.ts';
import type { HouseholdOption } from '../../../lib/lookups/household-search.ts';
import { useMasterOptions } from '../../../lib/lookups/master-options.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useConversionPreview, useConvertProspect } from '../api/convert-prospect.ts';

type ConvertProspectModalProps = {
  prospect: Prospect | null;
  onClose: () => void;
};

/** The prospect as the conversion's rules read it (the contracts' member-making function). */
export const prospectForMember = (p: Prospect): ProspectForMember => ({
  type: p.type,
  name: p.name,
  firstName: p.firstName,
  lastName: p.lastName,
  middleName: p.middleName,
  nickName: p.nickName,
  suffix: p.suffix,
  genderId: p.gender?.id ?? null,
  worksAt: p.worksAt,
  phone: p.phone,
  email: p.email,
  addressLine1: p.addressLine1,
  addressLine2: p.addressLine2,
  city: p.city,
  stateId: p.state?.id ?? null,
  zip: p.zip,
});

const DATE_LABELS = {
  PERSON: 'Date of birth',
  TRUST: 'Date the trust was formed',
  BUSINESS: 'Date the business was established',
} as const;

const toId = (option: string | null) => (option ? Number(option) : null);
const fromId = (value: number | null | undefined) => (value ? String(value) : null);

const FieldChanges = ({
  title,
  changes,
  tone,
}: {
  title: string;
  changes: ConversionFieldChange[];
  tone: 'fill' | 'keep';
}) => (
  <Stack gap={6}>
    <Text fw={600} size="sm">
      {title}
    </Text>
    {changes.length === 0 ? (
      <Text size="sm" c="dimmed">
        {tone === 'fill' ? 'Nothing to fill: every field is already filled.' : 'Nothing.'}
      </Text>
    ) : (
      <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" fz="sm">
        <Table.Tbody>
          {changes.map((c) => (
            <Table.Tr key={`${c.field}-${c.value}`}>
              <Table.Td w={170} c="dimmed">
                {c.label}
              </Table.Td>
              <Table.Td>{c.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )}
  </Stack>
);

/**
 * Convert a prospect (issue 17 §2): into a new household or an existing one. The preview says what moves (notes,
 * activities, tasks, meetings, attachments) and which fields are filled (into an existing household: only its
 * empty ones; those already filled are kept). A new household asks what its primary member needs and the prospect
 * does not have, checked with the member's own rules before it is sent. On success: the household's page.
 */
export const ConvertProspectModal = ({ prospect, onClose }: ConvertProspectModalProps) => (
  <Modal
    opened={prospect !== null}
    onClose={onClose}
    size="xl"
    title={
      <Title order={2} size="h3">
        {prospect ? `Convert ${prospect.displayName}` : 'Convert'}
      </Title>
    }
    closeButtonProps={{ 'aria-label': 'Close the conversion' }}
  >
    {prospect && <ConvertProspectForm key={prospect.id} prospect={prospect} onClose={onClose} />}
  </Modal>
);

const ConvertProspectForm = ({ prospect, onClose }: { prospect: Prospect; onClose: () => void }) => {
  const navigate = useNavigate();
  const [mode, setMode] = useState<ConversionMode>('NEW');
  const [household, setHousehold] = useState<HouseholdOption | null>(null);
  const [householdError, setHouseholdError] = useState<string | undefined>();
  const clientId = mode === 'EXISTING' ? (household?.clientId ?? null) : null;
  const preview = useConversionPreview(prospect.id, clientId, mode === 'NEW' || clientId !== null);
  const convert = useConvertProspect();
  const person = prospect.type === 'PERSON';
  const source = prospectForMember(prospect);
  const form = useForm<ConversionMemberFormValues>({ defaultValues: conversionAnswerDefaults(source) });
  const { control, register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  const genders = useMasterOptions('gender', person);
  const marriage = useMasterOptions('marriageStatus', person);
  const employment = useMasterOptions('employmentStatus', person);
  const states = useMasterOptions('states');
  const emailMissing = !prospect.email;
  const options = (q: typeof genders) => (q.data ?? []).map(({ value, label }) => ({ value, label }));

  const finish = (result: { clientId: string }, message: string) => {
    notifySuccess(message);
    onClose();
    void navigate(paths.clientDetail.href(result.clientId));
  };

  const handleNew = (values: ConversionMemberFormValues) => {
    const answers = conversionMemberAnswersSchema.parse(values);
    const { issues } = conversionIssues(source, answers);
    const own = issues.filter((i) => i.path[0] === 'member');
    if (own.length > 0) {
      own.forEach((issue, index) =>
        setError(
          issue.path.slice(1).join('.') as FieldPath<ConversionMemberFormValues>,
          { type: 'rule', message: issue.message },
          { shouldFocus: index === 0 },
        ),
      );
      return;
    }
    convert.mutate(
      { id: prospect.id, body: { mode: 'NEW', member: answers } },
      {
        onSuccess: ({ result, message }) => finish(result, message),
        onError: (error) =>
          showFormErrors(error, setError, {
            fields: (field) =>
              field.startsWith('member.')
                ? (field.slice('member.'.length).split('.')[0] as FieldPath<ConversionMemberFormValues>)
                : undefined,
          }),
      },
    );
  };

  const handleExisting = () => {
    if (!household) {
      setHouseholdError('Select a household.');
      return;
    }
    convert.mutate(
      { id: prospect.id, body: { mode: 'EXISTING', clientId: household.clientId } },
      {
        onSuccess: ({ result, message }) => finish(result, message),
        onError: (error) => showFormErrors(error, setError),
      },
    );
  };

  const data = preview.data;
  return (
    <form
      onSubmit={
        mode === 'NEW'
          ? handleSubmit(handleNew)
          : (event) => {
              event.preventDefault();
              handleExisting();
            }
      }
      noValidate
      aria-label={`Convert ${prospect.displayName}`}
    >
      <Stack gap="lg">
        <SegmentedControl
          aria-label="Convert into"
          fullWidth
          value={mode}
          onChange={(value) => setMode(value as ConversionMode)}
          data={[
            { value: 'NEW', label: 'A new household' },
            { value: 'EXISTING', label: 'An existing household' },
          ]}
        />
        {emailMissing && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
            title={PROSPECT_MESSAGES.emailRequiredConverted}
          >
            A converted prospect needs an email. Edit the prospect's contact first.
          </Alert>
        )}
        {mode === 'EXISTING' && (
          <HouseholdPicker
            label="Household"
            withAsterisk
            value={household}
            onChange={(next) => {
              setHousehold(next);
              setHouseholdError(undefined);
            }}
            error={householdError}
            description="Only its empty fields are filled; nothing already filled changes."
          />
        )}

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>What moves to the household</Text>
              <Text size="xs" c="dimmed">
                Moved, not copied
              </Text>
            </Group>
            {preview.isError ? (
              <Text size="sm" c="red.8">
                {errorMessage(preview.error)}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
                {CONVERSION_MOVE_KINDS.map((kind) => (
                  <Paper key={kind} bg="gray.0" radius="sm" p="xs" ta="center">
                    {data ? (
                      <Text
                        fw={700}
                        size="xl"
                        aria-label={`${CONVERSION_MOVE_LABELS[kind]}: ${data.moves[kind]}`}
                      >
                        {data.moves[kind]}
                      </Text>
                    ) : (
                      <Skeleton h={28} w={28} mx="auto" />
                    )}
                    <Text size="xs" c="dimmed">
                      {CONVERSION_MOVE_LABELS[kind]}
                    </Text>
                  </Paper>
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Paper>

        {data && (mode === 'NEW' || clientId) && (
          <SimpleGrid cols={{ base: 1, sm: mode === 'EXISTING' ? 2 : 1 }} spacing="lg">
            <FieldChanges
              title={
                mode === 'NEW'
                  ? 'The new household gets'
                  : `Filled in ${data.household?.name ?? 'the household'}`
              }
              changes={data.fills}
              tone="fill"
            />
            {mode === 'EXISTING' && (
              <FieldChanges title="Already filled, kept as they are" changes={data.kept} tone="keep" />
            )}
          </SimpleGrid>
        )}

        {mode === 'NEW' && (
          <Stack gap="sm">
            <Group gap="xs">
              <Text fw={600}>What the primary member needs</Text>
              <Badge variant="light" color="gray" c="dark.7">
                Not on the prospect
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {!person && (
                <>
                  <TextInput
                    label="First name"
                    required
                    error={errors.firstName?.message}
                    {...register('firstName')}
                  />
                  <TextInput
                    label="Last name"
                    required
                    description="The legal form, e.g. LLC or Trust"
                    error={errors.lastName?.message}
                    {...register('lastName')}
                  />
                </>
              )}
              <TextInput
                label={DATE_LABELS[prospect.type]}
                type="date"
                required
                error={errors.date?.message}
                {...register('date')}
              />
              {person && (
                <>
                  <SelectField
                    control={control}
                    name="gender"
                    label="Gender"
                    required
                    data={options(genders)}
                    toOption={fromId}
                    fromOption={toId}
                    error={errors.gender?.message}
                  />
                  <SelectField
                    control={control}
                    name="marriageStatus"
                    label="Marriage status"
                    required
                    data={options(marriage)}
                    toOption={fromId}
                    fromOption={toId}
                    error={errors.marriageStatus?.message}
                  />
                  <Controller
                    control={control}
                    name="employmentStatus"
                    render={({ field }) => (
                      <MultiSelect
                        ref={field.ref}
                        label="Employment status"
                        required
                        data={options(employment)}
                        value={(field.value ?? []).map(String)}
                        onChange={(values) => field.onChange(values.map(Number))}
                        onBlur={field.onBlur}
                        error={errors.employmentStatus?.message}
                        comboboxProps={{ withinPortal: true }}
                      />
                    )}
                  />
                </>
              )}
            </SimpleGrid>
            <Text size="sm" fw={600} mt="xs">
              Home address
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Address line 1"
                required
                error={errors.addressLine1?.message}
                {...register('addressLine1')}
              />
              <TextInput
                label="Address line 2"
                error={errors.addressLine2?.message}
                {...register('addressLine2')}
              />
              <TextInput label="City" required error={errors.city?.message} {...register('city')} />
              <SimpleGrid cols={2} spacing="sm">
                <SelectField
                  control={control}
                  name="stateId"
                  label="State"
                  required
                  searchable
                  data={options(states)}
                  toOption={fromId}
                  fromOption={toId}
                  error={errors.stateId?.message}
                />
                <TextInput label="Zip" inputMode="numeric" error={errors.zip?.message} {...register('zip')} />
              </SimpleGrid>
            </SimpleGrid>
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={convert.isPending}
            disabled={emailMissing || !data || (mode === 'EXISTING' && !clientId)}
            leftSection={<IconHome size={16} aria-hidden="true" />}
            rightSection={<IconArrowRight size={16} aria-hidden="true" />}
          >
            {mode === 'NEW' ? 'Convert to a new household' : 'Convert into this household'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
