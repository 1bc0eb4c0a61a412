import type { ComponentType } from 'react';

/** Lazy route module from a named export of a screen (or layout) file. */
export const screen =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** Server state for the routes below it (layout/query-layout.tsx); the sign-in screen is outside it. */
export const queryLayout = screen(
  () => import('./layout/query-layout.tsx'),
  (m) => m.QueryLayout,
);
