import { CLIENT_STATUS_LABELS, type ClientDetail, GLOBAL_SEARCH_DEBOUNCE_MS } from '@centric/contracts';
import {
  Anchor,
  Badge,
  Divider,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBriefcase, IconHome, IconPencil, IconSearch, IconShare } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useProfessionalOptions } from '../../api/list-professional-options.ts';
import { useHouseholdSearch } from '../../../../lib/lookups/household-search.ts';
import { CLIENT_STATUS_COLORS } from './labels.ts';
import { SectionAction, SectionCard } from './section-card.tsx';
import { useSaveHousehold } from './use-save-household.ts';
import { FormActions } from '../../../../components/form-actions.tsx';
import { paths } from '../../../../lib/paths.ts';

type Detail = Pick<ClientDetail, 'clientId' | 'introducedBy' | 'introductions'>;
type Source = 'none' | 'client' | 'professional';
type Choice = { id: string; name: string };

type SearchSelectProps = {
  kind: 'household' | 'professional';
  /** The household being edited: it cannot introduce itself. */
  selfId: string;
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
  error?: string | undefined;
};

/**
 * A select whose options come from a server search as the user types (debounced 500 ms): households from
 * GET /api/clients?search=, professionals from GET /api/other-professionals?search=.
 */
const SearchSelect = ({ kind, selfId, value, onChange, error }: SearchSelectProps) => {
  const [text, setText] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(text, GLOBAL_SEARCH_DEBOUNCE_MS);
  const term = value && debounced === value.name ? '' : debounced.trim();
  const households = useHouseholdSearch(term, opened && kind === 'household');
  const professionals = useProfessionalOptions(term, opened && kind === 'professional');
  const found: Choice[] =
    kind === 'household'
      ? (households.data ?? [])
          .filter((h) => h.clientId !== selfId)
          .map((h) => ({ id: h.clientId, name: h.name }))
      : (professionals.data ?? []).map((p) => ({ id: p.id, name: `${p.fullName} (${p.type})` }));
  const fetching = kind === 'household' ? households.isFetching : professionals.isFetching;
  const all = [...(value ? [value] : []), ...found.filter((o) => o.id !== value?.id)];
  return (
    <Select
      label={kind === 'household' ? 'Household' : 'Professional'}
      placeholder="Search by name"
      required
      searchable
      data={all.map((o) => ({ value: o.id, label: o.name }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(all.find((o) => o.id === id) ?? null)}
      searchValue={text}
      onSearchChange={setText}
      filter={({ options: shown }) => shown}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={fetching ? 'Loading...' : 'No Data Available'}
      error={error}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
    />
  );
};

type IntroducedByModalProps = { detail: Detail; canReadProfessionals: boolean; onClose: () => void };

/** Who introduced the household: another household, a professional, or nobody recorded. */
const IntroducedByModal = ({ detail, canReadProfessionals, onClose }: IntroducedByModalProps) => {
  const { save, saving } = useSaveHousehold(detail.clientId);
  const current = detail.introducedBy;
  const [source, setSource] = useState<Source>(current?.kind ?? 'client');
  const [household, setHousehold] = useState<Choice | null>(
    current?.kind === 'client' ? { id: current.id, name: current.name } : null,
  );
  const [professional, setProfessional] = useState<Choice | null>(
    current?.kind === 'professional' ? { id: current.id, name: current.name } : null,
  );
  const [missing, setMissing] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const picked = source === 'client' ? household : source === 'professional' ? professional : null;
    if (source !== 'none' && !picked) {
      setMissing(true);
      return;
    }
    save(
      {
        introducedByClientId: source === 'client' ? (picked?.id ?? null) : null,
        introducedByProfessionalId: source === 'professional' ? (picked?.id ?? null) : null,
      },
      onClose,
    );
  };

  const sources = [
    { value: 'client', label: 'Household' },
    ...(canReadProfessionals || current?.kind === 'professional'
      ? [{ value: 'professional', label: 'Professional', disabled: !canReadProfessionals }]
      : []),
    { value: 'none', label: 'Nobody' },
  ];

  return (
    <Modal opened onClose={onClose} title="Introduced by" centered size="md">
      <form onSubmit={handleSubmit} noValidate aria-label="Introduced by">
        <Stack gap="md">
          <SegmentedControl
            aria-label="Introduced by a"
            fullWidth
            value={source}
            onChange={(value) => {
              setSource(value as Source);
              setMissing(false);
            }}
            data={sources}
          />
          {source === 'client' && (
            <SearchSelect
              kind="household"
              selfId={detail.clientId}
              value={household}
              error={missing ? 'Required' : undefined}
              onChange={(choice) => {
                setHousehold(choice);
                setMissing(false);
              }}
            />
          )}
          {source === 'professional' && (
            <SearchSelect
              kind="professional"
              selfId={detail.clientId}
              value={professional}
              error={missing ? 'Required' : undefined}
              onChange={(choice) => {
                setProfessional(choice);
                setMissing(false);
              }}
            />
          )}
          {source === 'none' && (
            <Text size="sm" c="dimmed">
              No introduction will be recorded for this household.
            </Text>
          )}
          <FormActions onCancel={onClose} saving={saving} />
        </Stack>
      </form>
    </Modal>
  );
};

type IntroductionsCardProps = { detail: Detail; canWrite: boolean; canReadProfessionals: boolean };

/** Who introduced this household, and the households it introduced in turn. */
export const IntroductionsCard = ({ detail, canWrite, canReadProfessionals }: IntroductionsCardProps) => {
  const [editing, setEditing] = useState(false);
  const by = detail.introducedBy;
  return (
    <SectionCard
      title="Introductions"
      icon={<IconShare size={18} />}
      actions={
        canWrite && (
          <SectionAction label="Edit introducer" icon={IconPencil} onClick={() => setEditing(true)} />
        )
      }
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
            Introduced by
          </Text>
          {by ? (
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon
                variant="light"
                color={by.kind === 'client' ? 'brand' : 'indigo'}
                radius="xl"
                aria-hidden="true"
              >
                {by.kind === 'client' ? <IconHome size={16} /> : <IconBriefcase size={16} />}
              </ThemeIcon>
              <Stack gap={0} miw={0}>
                {by.kind === 'client' ? (
                  <Anchor component={Link} to={paths.clientDetail.href(by.id)} fw={600} size="sm">
                    {by.name}
                  </Anchor>
                ) : (
                  <Text fw={600} size="sm">
                    {by.name}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {by.kind === 'client' ? 'Household' : 'Other professional'}
                </Text>
              </Stack>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              No introducer recorded
            </Text>
          )}
        </Stack>
        <Divider />
        <Stack gap={6}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
            Households introduced ({detail.introductions.length})
          </Text>
          {detail.introductions.length === 0 ? (
            <Text size="sm" c="dimmed">
              This household has not introduced anyone yet.
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={6}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label="Households introduced"
            >
              {detail.introductions.map((intro) => (
                <Group component="li" key={intro.clientId} justify="space-between" wrap="nowrap" gap="sm">
                  <Anchor
                    component={Link}
                    to={paths.clientDetail.href(intro.clientId)}
                    size="sm"
                    truncate="end"
                  >
                    {intro.name}
                  </Anchor>
                  <Badge size="sm" variant="dot" radius="sm" color={CLIENT_STATUS_COLORS[intro.status]}>
                    {CLIENT_STATUS_LABELS[intro.status]}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
      {editing && (
        <IntroducedByModal
          detail={detail}
          canReadProfessionals={canReadProfessionals}
          onClose={() => setEditing(false)}
        />
      )}
    </SectionCard>
  );
};
