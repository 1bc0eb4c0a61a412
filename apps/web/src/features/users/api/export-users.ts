import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob, buildUrl } from '../../../lib/api-client.ts';
import type { UsersQuery } from './get-users.ts';
import { saveBlob } from '../../../lib/save-file.ts';

/** GET /api/users?format=csv with the list's filters and order: every match, saved as a file. */
export const exportUsers = async (query: Omit<UsersQuery, 'page' | 'limit'>) => {
  const blob = await apiFetchBlob(buildUrl('/users', { ...query, format: 'csv' }));
  saveBlob(blob, `users-${new Date().toISOString().slice(0, 10)}.csv`);
};

export const useExportUsers = () => useMutation({ mutationFn: exportUsers });
