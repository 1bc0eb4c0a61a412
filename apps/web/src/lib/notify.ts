import { notifications } from '@mantine/notifications';

export const TOAST_DURATION_MS = 3000;

type Kind = 'success' | 'error' | 'info';

const COLORS: Record<Kind, string> = { success: 'green.9', error: 'red.9', info: 'blue.8' };
const TITLES: Record<Kind, string> = { success: 'Success', error: 'Error', info: 'Information' };

const show = (kind: Kind, message: string, title?: string) =>
  notifications.show({
    message,
    title: title ?? TITLES[kind],
    color: COLORS[kind],
    autoClose: TOAST_DURATION_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    'data-kind': kind,
  });

/** Green toast for a success; the spec's texts (usually the server's message) are passed verbatim. */
export const notifySuccess = (message: string, title?: string) => show('success', message, title);
/** Red toast (bottom centre, see the Notifications provider) with the server's message. */
export const notifyError = (message: string, title?: string) => show('error', message, title);
export const notifyInfo = (message: string, title?: string) => show('info', message, title);
