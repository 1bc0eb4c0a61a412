import { importJobSchema } from '@centric/contracts';
import { api } from '../../../lib/api-client.ts';
import { useImportJobMutation } from './get-import.ts';

/** POST /api/positions-imports/:id/cancel: an import not yet finished stops (what was applied stays). */
export const cancelImport = async (id: string) => {
  const response = await api.post(`/positions-imports/${id}/cancel`, undefined, { schema: importJobSchema });
  return { job: response.result, message: response.message };
};

export const useCancelImport = () => useImportJobMutation(cancelImport);
