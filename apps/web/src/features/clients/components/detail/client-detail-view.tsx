import type { ClientDetail } from '@centric/contracts';
import { Anchor, Button, Center, EmptyState, Grid, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconHomeOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../../components/query-state.tsx';
import { usePermission } from '../../../../lib/permissions.ts';
import { useClient } from '../../api/get-client.ts';
import { MemberWizard } from '../member-wizard/member-wizard.tsx';
import { ClientDetailSkeleton } from './client-detail-skeleton.tsx';
import { ContactDetailsCard } from './contact-details-card.tsx';
import { HouseholdHeader } from './household-header.tsx';
import { IntroductionsCard } from './introductions-card.tsx';
import { MembersCard } from './members-card.tsx';
import { MilestonesCard } from './milestones-card.tsx';
import { OtherProfessionalsCard } from './other-professionals-card.tsx';
import { RelationshipsCard } from './relationships-card.tsx';
import { SpecialDatesCard } from './special-dates-card.tsx';
import { TeamCard } from './team-card.tsx';
import { paths } from '../../../../lib/paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type WizardTarget = { memberId?: string } | null;

const BackToHouseholds = () => (
  <Anchor component={Link} to={paths.clients.href()} size="sm" w="fit-content">
    <Group gap={4} wrap="nowrap">
      <IconArrowLeft size={14} aria-hidden="true" />
      Households
    </Group>
  </Anchor>
);

const BackToHouseholdsButton = ({ variant }: { variant?: 'subtle' }) => (
  <Button
    component={Link}
    to={paths.clients.href()}
    {...(variant ? { variant } : {})}
    leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
  >
    Back to households
  </Button>
);

export const HouseholdNotFound = () => (
  <Center mih="50vh">
    <EmptyState variant="light" icon={<IconHomeOff size={30} aria-hidden="true" />}>
      <EmptyState.Title order={1}>Household not found</EmptyState.Title>
      <EmptyState.Description>
        This household does not exist or has been removed. It may have been merged or the link may be wrong.
      </EmptyState.Description>
      <EmptyState.Actions>
        <BackToHouseholdsButton />
      </EmptyState.Actions>
    </EmptyState>
  </Center>
);

/** Widths of the highlights area (not of the window) at which the cards' columns change. */
const HIGHLIGHTS_BREAKPOINTS = { xs: '480px', sm: '640px', md: '760px', lg: '1040px', xl: '1280px' };

/**
 * The highlights tab (a slot of the household page, app/routes/clients): the household's cards in an aligned
 * grid; adding or editing a member opens the member wizard.
 */
export const HouseholdHighlights = ({ detail }: { detail: ClientDetail }) => {
  const canWrite = usePermission('clients', 'write');
  const canDelete = usePermission('clients', 'delete');
  const canReadProfessionals = usePermission('otherProfessionals', 'read');
  const [wizard, setWizard] = useState<WizardTarget>(null);
  const onAddMember = () => setWizard({});
  const onEditMember = (memberId: string) => setWizard({ memberId });
  const lastRow = canReadProfessionals ? { base: 12, md: 6, lg: 4 } : { base: 12, md: 6 };
  return (
    <>
      {/* Container queries: the cards follow the width they are given (narrower beside the notes panel),
          not the window's, so a card is never squeezed into a third of a narrow column. */}
      <Grid gap="lg" align="stretch" type="container" breakpoints={HIGHLIGHTS_BREAKPOINTS}>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <MembersCard
            clientId={detail.clientId}
            members={detail.members}
            canWrite={canWrite}
            canDelete={canDelete}
            onAdd={onAddMember}
            onEdit={onEditMember}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TeamCard clientId={detail.clientId} team={detail.team} canWrite={canWrite} />
        </Grid.Col>
        <Grid.Col span={12}>
          <ContactDetailsCard members={detail.members} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <SpecialDatesCard
            clientId={detail.clientId}
            detail={detail}
            canWrite={canWrite}
            canDelete={canDelete}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <MilestonesCard
            clientId={detail.clientId}
            detail={detail}
            canWrite={canWrite}
            canDelete={canDelete}
          />
        </Grid.Col>
        <Grid.Col span={lastRow}>
          <RelationshipsCard
            clientId={detail.clientId}
            detail={detail}
            canWrite={canWrite}
            canDelete={canDelete}
          />
        </Grid.Col>
        <Grid.Col span={lastRow}>
          <IntroductionsCard
            detail={detail}
            canWrite={canWrite}
            canReadProfessionals={canReadProfessionals}
          />
        </Grid.Col>
        {canReadProfessionals && (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <OtherProfessionalsCard
              clientId={detail.clientId}
              linked={detail.otherProfessionals}
              canWrite={canWrite}
            />
          </Grid.Col>
        )}
      </Grid>
      {wizard !== null && (
        <MemberWizard
          opened
          onClose={() => setWizard(null)}
          clientId={detail.clientId}
          {...(wizard.memberId ? { memberId: wizard.memberId } : {})}
        />
      )}
    </>
  );
};

type ClientDetailViewProps = {
  clientId: string;
  /** What the page shows below the header (the route's tabs and left panel), once the household is loaded. */
  children: (detail: ClientDetail) => ReactNode;
  /** Figures of other areas for the header (the route's slots: managed assets …). */
  headerFigures?: (detail: ClientDetail) => ReactNode;
};

/**
 * /client-detail/{clientId}: the household loaded, a back link and its header above what the route composes
 * (its tabs); a missing household (or a malformed id) gets a proper "Household not found" page.
 */
export const ClientDetailView = ({ clientId, children, headerFigures }: ClientDetailViewProps) => {
  const validId = UUID.test(clientId);
  const client = useClient(clientId, validId);
  const canWrite = usePermission('clients', 'write');

  if (!validId) return <HouseholdNotFound />;
  return (
    <QueryState
      query={client}
      loading={<ClientDetailSkeleton />}
      errorTitle="The household could not be loaded"
      notFound={<HouseholdNotFound />}
      errorActions={<BackToHouseholdsButton variant="subtle" />}
    >
      {(detail) => (
        <Stack gap="lg">
          <BackToHouseholds />
          <HouseholdHeader detail={detail} canWrite={canWrite} figures={headerFigures?.(detail)} />
          {children(detail)}
        </Stack>
      )}
    </QueryState>
  );
};
