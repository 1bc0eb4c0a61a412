import { useMutation } from '@tanstack/react-query';
import { apiDownload, buildUrl } from '../../../lib/api-client.ts';
import type { UsersQuery } from './get-users.ts';

/** GET /api/users?format=csv with the list's filters and order: every match, saved as a file. */
export const exportUsers = async (query: Omit<UsersQuery, 'page' | 'limit'>) => {
  await apiDownload(buildUrl('/users', { ...query, format: 'csv' }), `users.csv`);
};

export const useExportUsers = () => useMutation({ mutationFn: exportUsers });
