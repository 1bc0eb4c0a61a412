import { type CLIENT_EXPORT_FORMATS } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';
import { type ClientListRequest, clientListQueryPairs, toQueryString } from './list-clients.ts';

export type ClientExportFormat = (typeof CLIENT_EXPORT_FORMATS)[number];

export type ClientExportRequest = Omit<ClientListRequest, 'page' | 'limit'> & { format: ClientExportFormat };

/** The download URL: the list's filters and order, every match (no paging), in the chosen format. */
export const clientExportUrl = ({ format, ...request }: ClientExportRequest) =>
  `/api/clients?${toQueryString([...clientListQueryPairs(request), ['format', format]])}`;

/** GET /api/clients?format=csv|xlsx with the list's filters: what the filters select, saved as a file. */
export const exportClients = async (request: ClientExportRequest) => {
  await apiDownload(clientExportUrl(request), `households.${request.format}`);
};

export const useExportClients = () => useMutation({ mutationFn: exportClients });
