import { importJobSchema } from '@centric/contracts';
import { api } from '../../../lib/api-client.ts';
import { useImportJobMutation } from './get-import.ts';

/** POST /api/positions-imports/:id/apply: the previewed import is queued to write (409 unless it waits). */
export const applyImport = async (id: string) => {
  const response = await api.post(`/positions-imports/${id}/apply`, undefined, { schema: importJobSchema });
  return { job: response.result, message: response.message };
};

export const useApplyImport = () => useImportJobMutation(applyImport);
