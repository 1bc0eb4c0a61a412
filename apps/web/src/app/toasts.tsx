import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/notify.ts';

/**
 * Where toasts show. Bottom right: a toast never hides the top bar, a page header's primary buttons (top
 * right) or a modal's close button; above modals (z-index 200) so that an error about a modal's save is seen.
 */
export const Toasts = () => (
  <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} zIndex={1000} limit={4} />
);
