import type { Feature } from '@centric/contracts';
import { Grid, Tabs } from '@mantine/core';
import { useCallback, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { SlotTabList } from '../../../components/slot-tab-list.tsx';
import { ClientDetailView } from '../../../features/clients/components/detail/client-detail-view.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { canRead } from '../../../lib/permissions.ts';
import {
  HOUSEHOLD_HEADER_FIGURES,
  HOUSEHOLD_LEFT_PANELS,
  HOUSEHOLD_TABS,
  type HouseholdSlotProps,
} from './household-slots.ts';

/** Spec §2: tab defaults to highlights; leftPanel defaults to notes and is only added with the highlights tab. */
export const CLIENT_DETAIL_DEFAULTS = { tab: HOUSEHOLD_TABS[0].id, leftPanel: 'notes' } as const;

/** The tabs and left panels this user may read. */
const useSlots = () => {
  const user = useCurrentUser();
  const visible = <S extends { feature: Feature }>(slots: readonly S[]) =>
    slots.filter((slot) => canRead(user, slot.feature));
  return {
    tabs: visible(HOUSEHOLD_TABS),
    leftPanels: visible(HOUSEHOLD_LEFT_PANELS),
    figures: visible(HOUSEHOLD_HEADER_FIGURES),
  };
};

/**
 * `/client-detail/{clientId}?tab=highlights&leftPanel=notes[&expandedTab=…]`: the household's tab shell,
 * filled from the slot registry (household-slots.ts). The defaults are written into the URL (replacing the
 * entry); a tab that does not exist (or is not readable) falls back to highlights. The left panel that
 * leftPanel names shows beside the highlights when such a panel exists; the parameter is kept either way.
 */
export const ClientDetailScreen = () => {
  const { clientId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { tabs, leftPanels, figures } = useSlots();
  const rawTab = params.get('tab');
  const tab = tabs.some((t) => t.id === rawTab) && rawTab ? rawTab : CLIENT_DETAIL_DEFAULTS.tab;
  const isDefaultTab = tab === CLIENT_DETAIL_DEFAULTS.tab;

  useEffect(() => {
    const needsTab = rawTab !== tab;
    const needsLeftPanel = isDefaultTab && !params.get('leftPanel');
    if (!needsTab && !needsLeftPanel) return;
    setParams(
      (current) => {
        current.set('tab', tab);
        if (isDefaultTab && !current.get('leftPanel'))
          current.set('leftPanel', CLIENT_DETAIL_DEFAULTS.leftPanel);
        return current;
      },
      { replace: true },
    );
  }, [params, rawTab, tab, isDefaultTab, setParams]);

  const handleTab = useCallback(
    (next: string | null) => {
      if (!next || !tabs.some((t) => t.id === next)) return;
      setParams((current) => {
        current.set('tab', next);
        if (next === CLIENT_DETAIL_DEFAULTS.tab) {
          if (!current.get('leftPanel')) current.set('leftPanel', CLIENT_DETAIL_DEFAULTS.leftPanel);
        } else {
          current.delete('leftPanel');
        }
        return current;
      });
    },
    [setParams, tabs],
  );

  const leftPanel = isDefaultTab ? leftPanels.find((p) => p.id === params.get('leftPanel')) : undefined;

  const body = (props: HouseholdSlotProps) => (
    <Tabs value={tab} onChange={handleTab} keepMounted={false}>
      <SlotTabList tabs={tabs} label="Household sections" />
      {tabs.map(({ id, Panel }) => {
        const left = leftPanel && id === CLIENT_DETAIL_DEFAULTS.tab ? leftPanel : undefined;
        // One tree whether a left panel shows or not: the tab's panel keeps its place (and its state, such
        // as an open member wizard) when the defaults are written into the URL after the first render.
        return (
          <Tabs.Panel key={id} value={id}>
            <Grid gap="lg">
              {left ? (
                <Grid.Col span={{ base: 12, lg: 4 }}>
                  <left.Panel {...props} />
                </Grid.Col>
              ) : null}
              <Grid.Col span={left ? { base: 12, lg: 8 } : 12}>
                <Panel {...props} />
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );

  return (
    <ClientDetailView
      key={clientId}
      clientId={clientId}
      headerFigures={(detail) => figures.map(({ id, Figure }) => <Figure key={id} detail={detail} />)}
    >
      {(detail) => body({ detail })}
    </ClientDetailView>
  );
};
