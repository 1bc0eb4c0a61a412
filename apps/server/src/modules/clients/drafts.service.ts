import { CLIENT_API_MESSAGES, type ClientDraft } from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import { type AuditContext, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files.ts';
import { lockHousehold } from '../../platform/households.ts';
import { deleteHousehold, listDrafts, memberImagePaths } from './drafts.repository.ts';

/**
 * Draft households (decision 13): created by the member wizard's first step, published when the primary
 * member's last step is saved. Only the Drafts view lists them; a draft can be resumed or deleted.
 */
export const createDraftsService = (deps: { db: Db; files?: FileStorage; clock: Clock }) => {
  const { db, files, clock } = deps;
  const writeAudit = auditWriter(clock);
  return {
    /** GET /api/clients/drafts: every draft of the firm, newest first. */
    async list(): Promise<ClientDraft[]> {
      const rows = await listDrafts(db);
      return rows.map((r) => ({
        clientId: r.clientId,
        name: r.name,
        memberId: r.memberId,
        completedSteps: r.completedSteps ?? 0,
        createdAt: r.createdAt.toISOString(),
        createdBy: r.createdBy,
      }));
    },

    /** DELETE /api/clients/drafts/:clientId: a draft and all it holds; a published household is refused. */
    async remove(clientId: string, context: AuditContext) {
      const imagePaths = await db.transaction(async (tx) => {
        const household = await lockHousehold(tx, clientId);
        if (!household.draft) throw conflict(CLIENT_API_MESSAGES.notADraft);
        const paths = await memberImagePaths(tx, clientId);
        await deleteHousehold(tx, clientId);
        await writeAudit(tx, context, {
          action: 'DELETE',
          entity: 'household',
          entityId: clientId,
          before: { name: household.name, status: household.status, draft: true },
        });
        return paths;
      });
      // The rows are gone: their profile images are no longer served, and the files go too.
      if (files) await Promise.all(imagePaths.map((p) => files.remove(p).catch(() => undefined)));
    },
  };
};

export type DraftsService = ReturnType<typeof createDraftsService>;
