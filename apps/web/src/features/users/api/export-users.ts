import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob, buildUrl } from '../../../lib/api-client.ts';
import type { UsersQuery } from './get-users.ts';

/** GET /api/users?format=csv with the list's filters and order: every match, saved as a file. */
export const exportUsers = async (query: Omit<UsersQuery, 'page' | 'limit'>) => {
  const blob = await apiFetchBlob(buildUrl('/users', { ...query, format: 'csv' }));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `users-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
};

export const useExportUsers = () => useMutation({ mutationFn: exportUsers });
