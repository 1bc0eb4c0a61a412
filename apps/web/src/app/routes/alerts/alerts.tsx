import { ALERT_TABS, ALERT_VIEWS, type AlertTab, type AlertView } from '@centric/contracts';
import { Stack, Title } from '@mantine/core';
import { AlertsView } from '../../../features/alerts/components/alerts-view.tsx';
import { oneOf, useUrlListState } from '../../../lib/use-url-list-state.ts';

type AlertsUrl = { view: AlertView; tab: AlertTab; page: number };

/** Spec §2: `/alerts?view=active&tab=ALL` by default, written in the URL. */
export const ALERT_URL_DEFAULTS = { view: 'active', tab: 'ALL' } as const;

const parseAlertsUrl = (params: URLSearchParams): AlertsUrl => {
  const page = Number(params.get('pageNo'));
  return {
    view: oneOf(ALERT_VIEWS, params.get('view'), 'active'),
    tab: oneOf(ALERT_TABS, params.get('tab'), 'ALL'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
};

/** `/alerts`: the signed-in user's alerts by view and category, in the URL so a reload or a link keeps them. */
export const AlertsScreen = () => {
  const { state, update } = useUrlListState<AlertsUrl, 'view' | 'tab' | 'pageNo'>(
    ALERT_URL_DEFAULTS,
    parseAlertsUrl,
  );
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Alerts
      </Title>
      <AlertsView
        view={state.view}
        tab={state.tab}
        page={state.page}
        onChange={({ view, tab, page }) =>
          update({
            ...(view ? { view } : {}),
            ...(tab ? { tab } : {}),
            ...(page !== undefined ? { pageNo: page > 1 ? String(page) : '' } : {}),
          })
        }
      />
    </Stack>
  );
};
