import { auditChainStatusSchema } from '@centric/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/audit-logs/verify: walks the hash chain on the server. */
export const verifyAuditChain = async () => {
  const response = await api.get('/audit-logs/verify', { schema: auditChainStatusSchema });
  return { ...response.result, message: response.message };
};

export const useVerifyAuditChain = () => useMutation({ mutationFn: verifyAuditChain });
