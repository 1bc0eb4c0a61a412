import { sysconfigSchema, type sysconfigUpdateSchema } from '@centric/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { sysconfigQueryOptions } from './get-sysconfig.ts';

/** Some settings, checked by the contract (the amount as the server stores it, '50000.00'). */
export type SysconfigChanges = z.output<typeof sysconfigUpdateSchema>;

/** PUT /api/sysconfig with the changed settings only: answers every setting as saved and the server's message. */
export const updateSysconfig = async (body: SysconfigChanges) => {
  const response = await api.put('/sysconfig', body, { schema: sysconfigSchema });
  return { settings: response.result, message: response.message };
};

export const useUpdateSysconfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSysconfig,
    onSuccess: ({ settings }) => queryClient.setQueryData(sysconfigQueryOptions().queryKey, settings),
  });
};
