import { CLIENT_API_MESSAGES, type UpdateClientBody } from '@centric/contracts';
import { useCallback } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useUpdateClient } from '../../api/update-client.ts';

/** PATCH of the household with its toasts: the server's message on success, its reason on failure. */
export const useSaveHousehold = (clientId: string) => {
  const update = useUpdateClient();
  const { mutate } = update;
  const save = useCallback(
    (body: UpdateClientBody, onSuccess?: () => void) =>
      mutate(
        { clientId, body },
        {
          onSuccess: ({ message }) => {
            notifySuccess(message || CLIENT_API_MESSAGES.householdUpdated);
            onSuccess?.();
          },
          onError: (error) => notifyError(errorMessage(error)),
        },
      ),
    [clientId, mutate],
  );
  return { save, saving: update.isPending };
};
