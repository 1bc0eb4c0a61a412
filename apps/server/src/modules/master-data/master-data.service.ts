import {
  MASTER_DATA_LISTS,
  MASTER_DATA_MESSAGES,
  type MasterDataItem,
  type MasterDataItemInput,
  masterDataItemSchema,
  type MasterDataListSpec,
  type MasterDataSortKey,
  type MasterDataStoredType,
  type MasterDataType,
  RECEIVABLE_PRODUCT_TYPES,
  SYSTEM_SETTING_DEFAULTS,
  type SortOrder,
  type Sysconfig,
  sysconfigSchema,
} from '@centric/contracts';
import type { Db } from '../../db/client.ts';
import { type AuditContext, changedFields, auditWriter } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type CsvColumn, toCsv } from '../../platform/csv.ts';
import { badRequest, conflict, notFound, validationError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files.ts';
import {
  countItems,
  deleteItem,
  findItem,
  insertItem,
  listChildren,
  listItems,
  type MasterDataListedRow,
  type MasterDataRow,
  type MasterDataValues,
  readSettings,
  updateItem,
  upsertSetting,
  usageOf,
} from './master-data.repository.ts';
import { answerDbRefusals } from '../../platform/pg-errors.ts';

const ENTITY = 'masterData';

/** Where an item lives: a top-level list, or the sub-list of one parent item. */
export type ListRef = { type: MasterDataType; parentId?: number };

export type ListParams = {
  q?: string | undefined;
  page: number;
  limit: number;
  sortBy?: MasterDataSortKey | undefined;
  order?: SortOrder | undefined;
  parentId?: number | undefined;
};

export const imageUrlOf = (row: Pick<MasterDataRow, 'id' | 'imagePath' | 'updatedAt'>) =>
  row.imagePath ? `/api/master-data-image/${row.id}?v=${row.updatedAt.getTime()}` : null;

export const toItem = (row: MasterDataListedRow): MasterDataItem => ({
  id: row.id,
  type: row.type,
  name: row.name,
  description: row.description,
  abbreviation: row.abbreviation,
  parentId: row.parentId,
  parentName: row.parentName,
  minAge: row.minAge,
  maxAge: row.maxAge,
  productType: row.productType,
  possibleValues: row.possibleValues,
  imageUrl: imageUrlOf(row),
  subItemCount: row.subItemCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit trail keeps of an item: its stored values, without timestamps. */
const auditView = (row: MasterDataRow) => ({
  type: row.type,
  name: row.name,
  description: row.description,
  abbreviation: row.abbreviation,
  parentId: row.parentId,
  minAge: row.minAge,
  maxAge: row.maxAge,
  productType: row.productType,
  possibleValues: row.possibleValues,
  imagePath: row.imagePath,
});

const humanize = (table: string, count: number) => {
  const words = table.replaceAll('_', ' ');
  return count === 1 && words.endsWith('s') ? words.slice(0, -1) : words;
};

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** 'This value is used by 3 sub-religions.' / '... by 56 states and 2 client members.' */
export const usageMessage = (usage: Awaited<ReturnType<typeof usageOf>>) => {
  const parts = usage
    .filter((u) => u.count > 0)
    .map((u) => {
      const spec = u.type ? MASTER_DATA_LISTS[u.type as MasterDataStoredType] : undefined;
      const noun = spec
        ? lower(u.count === 1 ? spec.singular : spec.label)
        : u.type
          ? u.count === 1
            ? 'sub-item'
            : 'sub-items'
          : humanize(u.table, u.count);
      return `${u.count} ${noun}`;
    });
  if (parts.length === 0) return 'This value is in use and cannot be deleted.';
  const joined = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `This value is used by ${joined}.`;
};

const storedTypeOf = (ref: ListRef): MasterDataStoredType => {
  if (ref.parentId === undefined) return ref.type;
  const sub = MASTER_DATA_LISTS[ref.type].subItems;
  if (!sub) throw notFound(`${MASTER_DATA_LISTS[ref.type].label} have no sub-items.`);
  return sub;
};

const valuesOf = (spec: MasterDataListSpec, input: MasterDataItemInput): MasterDataValues => {
  const values: MasterDataValues = {};
  for (const field of spec.fields) {
    const value = input[field.key];
    (values as Record<string, unknown>)[field.key] = value ?? null;
  }
  return values;
};

const inputOf = (row: MasterDataRow): Record<string, unknown> => ({
  name: row.name,
  description: row.description ?? undefined,
  abbreviation: row.abbreviation ?? undefined,
  parentId: row.parentId ?? undefined,
  minAge: row.minAge ?? undefined,
  maxAge: row.maxAge ?? undefined,
  productType: row.productType ?? undefined,
  possibleValues: row.possibleValues ?? undefined,
});

export type MasterDataService = ReturnType<typeof createMasterDataService>;

export const createMasterDataService = (deps: { db: Db; files: FileStorage; clock: Clock }) => {
  const { db, files, clock } = deps;
  const writeAudit = auditWriter(clock);

  /** The parent item of a sub-list, or 404. */
  const requireParent = async (ref: ListRef) => {
    if (ref.parentId === undefined) return;
    const row = await findItem(db, ref.parentId);
    if (!row || row.type !== ref.type) throw notFound(MASTER_DATA_MESSAGES.notFound);
  };

  /** An item of this list (and parent), or 404. */
  const requireItem = async (ref: ListRef, id: number) => {
    const row = await findItem(db, id);
    if (!row || row.type !== storedTypeOf(ref)) throw notFound(MASTER_DATA_MESSAGES.notFound);
    if (ref.parentId !== undefined && row.parentId !== ref.parentId)
      throw notFound(MASTER_DATA_MESSAGES.notFound);
    return row;
  };

  /** Validates with the list's schema; a `parentId` field must name an item of the parent list. */
  const validate = async (spec: MasterDataListSpec, body: unknown) => {
    const parsed = masterDataItemSchema(spec.type).safeParse(body);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const input = parsed.data;
    if (spec.parentType && input.parentId !== undefined) {
      const parentRow = await findItem(db, input.parentId);
      if (!parentRow || parentRow.type !== spec.parentType) {
        throw validationError([{ path: ['parentId'], message: MASTER_DATA_MESSAGES.parentNotFound }]);
      }
    }
    return input;
  };

  /** Runs a write; a duplicate name becomes 409 with a sentence naming the value. */
  const guardDuplicates = <T>(spec: MasterDataListSpec, name: string | undefined, work: () => Promise<T>) =>
    answerDbRefusals(work, { unique: () => conflict(`${spec.singular} "${name ?? ''}" already exists.`) });

  const list = async (ref: ListRef, params: ListParams) => {
    if (ref.parentId !== undefined) await requireParent(ref);
    const type = storedTypeOf(ref);
    const spec = MASTER_DATA_LISTS[type];
    const filter = { type, parentId: ref.parentId ?? params.parentId, q: params.q?.trim() || undefined };
    const [rows, total] = [
      await listItems(db, {
        ...filter,
        sortBy: params.sortBy ?? spec.defaultSort.sortBy,
        order: params.order ?? spec.defaultSort.order,
        limit: params.limit,
        offset: (params.page - 1) * params.limit,
      }),
      await countItems(db, filter),
    ];
    return { items: rows.map(toItem), total };
  };

  const get = async (ref: ListRef, id: number) => toItem(await requireItem(ref, id));

  const getSysconfig = async (): Promise<Sysconfig> => {
    const stored = Object.fromEntries((await readSettings(db)).map((r) => [r.key, r.value]));
    const merged: Record<string, unknown> = { ...SYSTEM_SETTING_DEFAULTS };
    for (const key of Object.keys(SYSTEM_SETTING_DEFAULTS) as (keyof Sysconfig)[]) {
      const value = sysconfigSchema.shape[key].safeParse(stored[key]);
      if (value.success) merged[key] = value.data;
    }
    return merged as Sysconfig;
  };

  return {
    list,
    get,
    getSysconfig,

    /** Every item, for the legacy calls and pickers; lists with sub-items carry them. */
    async listAll(
      type: MasterDataType,
      sort: { sortBy?: MasterDataSortKey | undefined; order?: SortOrder | undefined },
    ) {
      const spec = MASTER_DATA_LISTS[type];
      const rows = await listItems(db, {
        type,
        sortBy: sort.sortBy ?? spec.defaultSort.sortBy,
        order: sort.order ?? spec.defaultSort.order,
      });
      const items = rows.map(toItem);
      if (!spec.subItems) return items;
      const children = await listChildren(
        db,
        spec.subItems,
        rows.map((r) => r.id),
      );
      return items.map((item) => ({
        ...item,
        subItems: children.filter((c) => c.parentId === item.id).map(({ id, name }) => ({ id, name })),
      }));
    },

    async exportCsv(context: AuditContext, ref: ListRef, params: Omit<ListParams, 'page' | 'limit'>) {
      if (ref.parentId !== undefined) await requireParent(ref);
      const type = storedTypeOf(ref);
      const spec = MASTER_DATA_LISTS[type];
      const q = params.q?.trim() || undefined;
      const rows = await listItems(db, {
        type,
        parentId: ref.parentId ?? params.parentId,
        q,
        sortBy: params.sortBy ?? spec.defaultSort.sortBy,
        order: params.order ?? spec.defaultSort.order,
      });
      const productLabel = (value: string | null) =>
        RECEIVABLE_PRODUCT_TYPES.find((p) => p.value === value)?.label ?? value;
      const columns: CsvColumn<MasterDataListedRow>[] = [
        { header: 'Id', value: (r) => r.id },
        ...spec.fields.map((field): CsvColumn<MasterDataListedRow> => ({
          header: field.label,
          value: (r) =>
            field.key === 'parentId'
              ? r.parentName
              : field.key === 'possibleValues'
                ? (r.possibleValues ?? []).join('; ')
                : field.key === 'productType'
                  ? productLabel(r.productType)
                  : r[field.key],
        })),
        ...(spec.subItems
          ? [
              {
                header: MASTER_DATA_LISTS[spec.subItems].label,
                value: (r: MasterDataListedRow) => r.subItemCount,
              },
            ]
          : []),
        { header: 'Created at', value: (r) => r.createdAt.toISOString() },
      ];
      await writeAudit(db, context, {
        action: 'EXPORT',
        entity: ENTITY,
        entityId: type,
        after: { type, parentId: ref.parentId ?? params.parentId ?? null, q: q ?? null, rows: rows.length },
      });
      return { filename: `${type}.csv`, csv: toCsv(rows, columns) };
    },

    async create(context: AuditContext, ref: ListRef, body: unknown) {
      await requireParent(ref);
      const spec = MASTER_DATA_LISTS[storedTypeOf(ref)];
      const input = await validate(spec, body);
      const values = {
        ...valuesOf(spec, input),
        ...(ref.parentId !== undefined ? { parentId: ref.parentId } : {}),
      };
      const row = await guardDuplicates(spec, input.name, () =>
        db.transaction(async (tx) => {
          const inserted = await insertItem(tx, spec.type, values);
          await writeAudit(tx, context, {
            action: 'CREATE',
            entity: ENTITY,
            entityId: inserted.id,
            after: auditView(inserted),
          });
          return inserted;
        }),
      );
      return get(ref, row.id);
    },

    /** PATCH: the given fields over the stored ones, validated whole (so maxAge > minAge still holds). */
    async update(context: AuditContext, ref: ListRef, id: number, body: unknown) {
      const current = await requireItem(ref, id);
      const spec = MASTER_DATA_LISTS[storedTypeOf(ref)];
      const patch = typeof body === 'object' && body !== null ? body : {};
      const merged = { ...inputOf(current), ...patch };
      const input = await validate(spec, merged);
      const values = valuesOf(spec, input);
      await guardDuplicates(spec, input.name, () =>
        db.transaction(async (tx) => {
          const updated = await updateItem(tx, id, values, clock.now());
          if (!updated) throw notFound(MASTER_DATA_MESSAGES.notFound);
          const diff = changedFields(auditView(current), auditView(updated));
          if (diff.changed) {
            await writeAudit(tx, context, {
              action: 'UPDATE',
              entity: ENTITY,
              entityId: id,
              before: diff.before,
              after: diff.after,
            });
          }
        }),
      );
      return get(ref, id);
    },

    /** A value in use (a foreign key refuses) is kept, and the answer says where it is used. */
    async remove(context: AuditContext, ref: ListRef, id: number) {
      const current = await requireItem(ref, id);
      const inUse = async (constraint: string | null) =>
        conflict(usageMessage(constraint ? await usageOf(db, constraint, id) : []));
      await answerDbRefusals(
        () =>
          db.transaction(async (tx) => {
            await deleteItem(tx, id);
            await writeAudit(tx, context, {
              action: 'DELETE',
              entity: ENTITY,
              entityId: id,
              before: auditView(current),
            });
          }),
        { foreignKey: inUse, restrict: inUse },
      );
      if (current.imagePath) await files.remove(current.imagePath);
    },

    async setImage(context: AuditContext, ref: ListRef, id: number, data: Buffer | null) {
      const spec = MASTER_DATA_LISTS[storedTypeOf(ref)];
      if (!spec.image) throw badRequest(MASTER_DATA_MESSAGES.imageNotSupported);
      const current = await requireItem(ref, id);
      const key = `master-data-images/${id}`;
      if (data) await files.put(key, data);
      await db.transaction(async (tx) => {
        const updated = await updateItem(tx, id, { imagePath: data ? key : null }, clock.now());
        if (!updated) throw notFound(MASTER_DATA_MESSAGES.notFound);
        await writeAudit(tx, context, {
          action: 'UPDATE',
          entity: ENTITY,
          entityId: id,
          before: { imagePath: current.imagePath },
          after: { imagePath: updated.imagePath, bytes: data?.length ?? 0 },
        });
      });
      if (!data && current.imagePath) await files.remove(current.imagePath);
      return get(ref, id);
    },

    async image(id: number) {
      const row = await findItem(db, id);
      const data = row?.imagePath ? await files.get(row.imagePath) : null;
      if (!data) throw notFound('No image.');
      return data;
    },

    async updateSysconfig(context: AuditContext, patch: Partial<Sysconfig>) {
      const before = await getSysconfig();
      const after = { ...before, ...patch };
      const diff = changedFields(before, after);
      if (diff.changed) {
        await db.transaction(async (tx) => {
          const at = clock.now();
          for (const key of Object.keys(diff.after)) await upsertSetting(tx, key, diff.after[key], at);
          await writeAudit(tx, context, {
            action: 'UPDATE',
            entity: 'systemSettings',
            entityId: 'sysconfig',
            before: diff.before,
            after: diff.after,
          });
        });
      }
      return after;
    },
  };
};
