import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/notify.ts';

/**
 * Where toasts show. Bottom centre: a toast never hides the top bar, a page header's primary buttons (top
 * right), a modal's close button (top right) or its footer's Cancel and Save (bottom right, where a toast
 * once caught the click meant for Save); above modals (z-index 200) so that an error about a save is seen.
 */
export const Toasts = () => (
  <Notifications position="bottom-center" autoClose={TOAST_DURATION_MS} zIndex={1000} limit={4} />
);
