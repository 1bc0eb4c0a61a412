import { importJobSchema } from '@centric/contracts';
import { apiUpload } from '../../../lib/api-client.ts';
import { useImportJobMutation } from './get-import.ts';

/** POST /api/positions-imports (multipart `file`): 202 with the job that checks the file. */
export const uploadPositions = async (file: File) => {
  const response = await apiUpload('/positions-imports', file, { schema: importJobSchema });
  return { job: response.result, message: response.message };
};

export const useUploadPositions = () => useImportJobMutation(uploadPositions);
