import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Why something could not be done, read out at once: a light red alert with its icon (a refused file, a delete). */
export const ErrorAlert = ({ children }: { children: ReactNode }) => (
  <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={16} aria-hidden="true" />}>
    {children}
  </Alert>
);
