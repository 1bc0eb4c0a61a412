import { useCallback, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  CLIENT_DETAIL_TABS,
  type ClientDetailTab,
  ClientDetailView,
} from '../../../features/clients/components/detail/client-detail-view.tsx';

/** Spec §2: tab defaults to highlights; leftPanel defaults to notes and is only added with the highlights tab. */
export const CLIENT_DETAIL_DEFAULTS = { tab: 'highlights', leftPanel: 'notes' } as const;

const isTab = (value: string | null): value is ClientDetailTab =>
  value !== null && (CLIENT_DETAIL_TABS as readonly string[]).includes(value);

/**
 * `/client-detail/{clientId}?tab=highlights&leftPanel=notes[&expandedTab=…]`. The defaults are written into
 * the URL (replacing the entry). A tab that does not exist yet falls back to highlights. The notes panel
 * that leftPanel names arrives with the notes issue: the parameter is kept, nothing is rendered for it yet.
 */
export const ClientDetailScreen = () => {
  const { clientId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('tab');
  const tab: ClientDetailTab = isTab(rawTab) ? rawTab : CLIENT_DETAIL_DEFAULTS.tab;

  useEffect(() => {
    const needsTab = rawTab !== tab;
    const needsLeftPanel = tab === 'highlights' && !params.get('leftPanel');
    if (!needsTab && !needsLeftPanel) return;
    setParams(
      (current) => {
        current.set('tab', tab);
        if (tab === 'highlights' && !current.get('leftPanel'))
          current.set('leftPanel', CLIENT_DETAIL_DEFAULTS.leftPanel);
        return current;
      },
      { replace: true },
    );
  }, [params, rawTab, tab, setParams]);

  const handleTab = useCallback(
    (next: ClientDetailTab) =>
      setParams((current) => {
        current.set('tab', next);
        if (next === 'highlights') {
          if (!current.get('leftPanel')) current.set('leftPanel', CLIENT_DETAIL_DEFAULTS.leftPanel);
        } else {
          current.delete('leftPanel');
        }
        return current;
      }),
    [setParams],
  );

  return <ClientDetailView key={clientId} clientId={clientId} tab={tab} onTabChange={handleTab} />;
};
