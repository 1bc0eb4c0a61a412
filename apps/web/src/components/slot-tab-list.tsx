import { Tabs } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** A tab a slot registry offers (the household page, the dashboard). */
export type SlotTab = { id: string; label: string; icon: Icon };

/** The tab buttons of a page whose tabs come from a slot registry; inside Mantine's Tabs. */
export const SlotTabList = ({ tabs, label }: { tabs: readonly SlotTab[]; label: string }) => (
  <Tabs.List mb="lg" aria-label={label}>
    {tabs.map(({ id, label: text, icon: TabIcon }) => (
      <Tabs.Tab key={id} value={id} leftSection={<TabIcon size={16} aria-hidden="true" />}>
        {text}
      </Tabs.Tab>
    ))}
  </Tabs.List>
);
