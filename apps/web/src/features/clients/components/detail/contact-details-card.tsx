import { type MemberDetail, formatPhone, sortMembersForDisplay } from '@centric/contracts';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAddressBook, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { memberKindLabel } from './labels.ts';
import { SectionCard, SectionEmpty } from './section-card.tsx';

type Address = MemberDetail['addresses'][number];

/** "12 Main St, Apt 4, Springfield, IL 62704, USA": the state by its abbreviation when it has one. */
export const formatAddress = (address: Address): string => {
  const state = address.state ? (address.state.abbrevation ?? address.state.name) : '';
  const stateZip = [state, address.zip].filter(Boolean).join(' ');
  return [
    address.addressLine1,
    address.addressLine2,
    address.addressLine3,
    address.city,
    stateZip,
    address.country,
  ]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
};

const Markers = ({
  type,
  isPrimary,
  linked,
}: {
  type: string | null;
  isPrimary: boolean;
  linked: boolean;
}) => (
  // Wraps rather than cutting a badge ("PRIMA…") in a narrow column beside the notes panel.
  <Group gap={4} wrap="wrap">
    {type && (
      <Text size="xs" c="dimmed">
        {type}
      </Text>
    )}
    {isPrimary && (
      <Badge size="xs" variant="light" color="brand" radius="sm">
        Primary
      </Badge>
    )}
    {linked && (
      <Badge size="xs" variant="outline" color="gray" radius="sm">
        Linked to primary
      </Badge>
    )}
  </Group>
);

const Line = ({ icon, children, markers }: { icon: ReactNode; children: ReactNode; markers: ReactNode }) => (
  <Group gap="xs" wrap="nowrap" align="flex-start" component="li">
    <span aria-hidden="true" style={{ color: 'var(--mantine-color-dimmed)', lineHeight: 1, paddingTop: 2 }}>
      {icon}
    </span>
    <Stack gap={0} miw={0}>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
      {markers}
    </Stack>
  </Group>
);

/** Phones, emails and addresses of every member that has any, primary entries marked. */
export const ContactDetailsCard = ({ members }: { members: MemberDetail[] }) => {
  const withContacts = sortMembersForDisplay(members).filter(
    (m) => m.phoneNumbers.length + m.emailAddresses.length + m.addresses.length > 0,
  );
  return (
    <SectionCard title="Contact details" icon={<IconAddressBook size={18} />}>
      {withContacts.length === 0 ? (
        <SectionEmpty message="No contact details yet" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="lg" verticalSpacing="lg">
          {withContacts.map((member) => (
            <Stack key={member.id} gap="xs" miw={0}>
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {member.fullName}
                </Text>
                <Text size="xs" c="dimmed">
                  {memberKindLabel(member)}
                </Text>
              </Stack>
              <Stack
                component="ul"
                gap="xs"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={`Contact details of ${member.fullName}`}
              >
                {member.phoneNumbers.map((phone) => (
                  <Line
                    key={phone.id}
                    icon={<IconPhone size={15} />}
                    markers={
                      <Markers type={phone.type} isPrimary={phone.isPrimary} linked={phone.linkedToPrimary} />
                    }
                  >
                    <Anchor href={`tel:${phone.phone}`} c="dark" size="sm">
                      {formatPhone(phone.phone)}
                    </Anchor>
                  </Line>
                ))}
                {member.emailAddresses.map((email) => (
                  <Line
                    key={email.id}
                    icon={<IconMail size={15} />}
                    markers={
                      <Markers type={email.type} isPrimary={email.isPrimary} linked={email.linkedToPrimary} />
                    }
                  >
                    <Anchor href={`mailto:${email.email}`} size="sm">
                      {email.email}
                    </Anchor>
                  </Line>
                ))}
                {member.addresses.map((address) => (
                  <Line
                    key={address.id}
                    icon={<IconMapPin size={15} />}
                    markers={
                      <Markers
                        type={address.type}
                        isPrimary={address.isPrimary}
                        linked={address.linkedToPrimary}
                      />
                    }
                  >
                    {formatAddress(address)}
                  </Line>
                ))}
              </Stack>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </SectionCard>
  );
};
