import {
  CLIENT_API_MESSAGES,
  type ClientDetail,
  GLOBAL_SEARCH_DEBOUNCE_MS,
  formatPhone,
} from '@centric/contracts';
import { Anchor, Badge, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBriefcase, IconMail, IconPhone, IconSettings } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useLinkProfessionals } from '../../api/link-professionals.ts';
import { useProfessionalOptions } from '../../api/list-professional-options.ts';
import { SectionAction, SectionCard, SectionEmpty } from './section-card.tsx';
import { FormActions } from '../../../../components/form-actions.tsx';

type Linked = ClientDetail['otherProfessionals'];
type Option = { value: string; label: string };

const optionOf = (p: { id: string; fullName: string; type: string }): Option => ({
  value: p.id,
  label: `${p.fullName} (${p.type})`,
});

type ManageModalProps = { clientId: string; linked: Linked; onClose: () => void };

/** Pick the household's professionals from a search of all of them; saving replaces the list. */
const ManageProfessionalsModal = ({ clientId, linked, onClose }: ManageModalProps) => {
  const link = useLinkProfessionals();
  const [selected, setSelected] = useState<string[]>(linked.map((p) => p.id));
  const [known, setKnown] = useState<Map<string, Option>>(
    () => new Map(linked.map((p) => [p.id, optionOf(p)])),
  );
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search, GLOBAL_SEARCH_DEBOUNCE_MS);
  const results = useProfessionalOptions(debounced.trim(), opened);

  const found = (results.data ?? []).map(optionOf);
  const data: Option[] = [
    ...selected.map((id) => known.get(id)).filter((o): o is Option => o !== undefined),
    ...found.filter((o) => !selected.includes(o.value)),
  ];

  const handleChange = (ids: string[]) => {
    setKnown((current) => {
      const next = new Map(current);
      for (const option of found) next.set(option.value, option);
      return next;
    });
    setSelected(ids);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    link.mutate(
      { clientId, professionalIds: selected },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message || CLIENT_API_MESSAGES.professionalsLinked);
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Manage other professionals" centered size="lg">
      <form onSubmit={handleSubmit} noValidate aria-label="Manage other professionals">
        <Stack gap="md">
          <MultiSelect
            label="Other professionals"
            description="Search by name; the selected professionals are linked to this household."
            placeholder={selected.length === 0 ? 'Search by name' : undefined}
            searchable
            clearable
            data={data}
            value={selected}
            onChange={handleChange}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            onDropdownOpen={() => setOpened(true)}
            onDropdownClose={() => setOpened(false)}
            nothingFoundMessage={results.isFetching ? 'Loading...' : 'No Data Available'}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <FormActions onCancel={onClose} saving={link.isPending} />
        </Stack>
      </form>
    </Modal>
  );
};

type OtherProfessionalsCardProps = { clientId: string; linked: Linked; canWrite: boolean };

/** Attorneys, CPAs and other professionals who work with the household. */
export const OtherProfessionalsCard = ({ clientId, linked, canWrite }: OtherProfessionalsCardProps) => {
  const [managing, setManaging] = useState(false);
  return (
    <SectionCard
      title="Other professionals"
      icon={<IconBriefcase size={18} />}
      count={linked.length}
      actions={
        canWrite && <SectionAction label="Manage" icon={IconSettings} onClick={() => setManaging(true)} />
      }
    >
      {linked.length === 0 ? (
        <SectionEmpty
          message="No other professionals linked yet"
          actionLabel={canWrite ? 'Link professionals' : undefined}
          onAction={canWrite ? () => setManaging(true) : undefined}
        />
      ) : (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Other professionals"
        >
          {linked.map((p) => (
            <Stack
              component="li"
              key={p.id}
              gap={4}
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {p.fullName}
                </Text>
                <Badge size="sm" variant="light" color="indigo" radius="sm">
                  {p.type}
                </Badge>
              </Group>
              <Group gap="md" wrap="wrap">
                {p.phoneNumber && (
                  <Group gap={4} wrap="nowrap">
                    <IconPhone size={14} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                    <Anchor href={`tel:${p.phoneNumber}`} size="xs" c="dark">
                      {formatPhone(p.phoneNumber)}
                    </Anchor>
                  </Group>
                )}
                {p.email && (
                  <Group gap={4} wrap="nowrap" miw={0}>
                    <IconMail size={14} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                    <Anchor href={`mailto:${p.email}`} size="xs" truncate="end">
                      {p.email}
                    </Anchor>
                  </Group>
                )}
                {!p.phoneNumber && !p.email && (
                  <Text size="xs" c="dimmed">
                    No phone or email
                  </Text>
                )}
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
      {managing && (
        <ManageProfessionalsModal clientId={clientId} linked={linked} onClose={() => setManaging(false)} />
      )}
    </SectionCard>
  );
};
