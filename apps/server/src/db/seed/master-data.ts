import { type MasterDataStoredType, SYSTEM_SETTING_DEFAULTS } from '@centric/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { masterDataItems, systemSettings } from '../schema/index.ts';
import * as V from './master-data-values.ts';

type NewItem = typeof masterDataItems.$inferInsert;
type Row = Omit<NewItem, 'type'>;

const names = (values: readonly string[]): Row[] => values.map((name) => ({ name }));

/** Top-level lists, each inserted with one statement. */
const LISTS: ReadonlyArray<readonly [MasterDataStoredType, Row[]]> = [
  ['country', V.COUNTRIES.map(([name, abbreviation]) => ({ name, abbreviation }))],
  ['gender', names(V.GENDERS)],
  ['sexual-orientation', names(V.SEXUAL_ORIENTATIONS)],
  ['marriage-status', names(V.MARRIAGE_STATUSES)],
  ['political-party', names(V.POLITICAL_PARTIES)],
  ['religious-affiliations', names(V.RELIGIONS.map(([name]) => name))],
  ['industry', names(V.INDUSTRIES.map(([name]) => name))],
  ['sources', names(V.SOURCES)],
  ['specific-interest', names(V.SPECIFIC_INTERESTS)],
  ['employment-status', names(V.EMPLOYMENT_STATUSES)],
  ['marketing-segment', V.MARKETING_SEGMENTS.map(([name, description]) => ({ name, description }))],
  // Sorted by creation: inserted in order, one statement, so ids (the tie-break) keep that order.
  ['age-range', V.AGE_RANGES.map(([name, minAge, maxAge]) => ({ name, minAge, maxAge }))],
  ['account-objective', V.ACCOUNT_OBJECTIVES.map(([name, description]) => ({ name, description }))],
  ['providers', names(V.PROVIDERS)],
  ['receivable-products', V.RECEIVABLE_PRODUCTS.map(([name, productType]) => ({ name, productType }))],
  ['registration-type', names(V.REGISTRATION_TYPES)],
  ['task-types', names(V.TASK_TYPES)],
  [
    'strategy-types',
    V.STRATEGY_TYPES.map(([name, description, values]) => ({
      name,
      description,
      possibleValues: [...values],
    })),
  ],
  ['security-type', V.SECURITY_TYPES.map(([name, description]) => ({ name, description }))],
  [
    'workflow-types',
    V.WORKFLOW_TYPES.map(([name, description, values]) => ({
      name,
      description,
      possibleValues: [...values],
    })),
  ],
];

/** Child lists: [child type, parent type, parent name -> child rows]. */
const CHILD_LISTS: ReadonlyArray<
  readonly [MasterDataStoredType, MasterDataStoredType, ReadonlyArray<readonly [string, Row[]]>]
> = [
  [
    'states',
    'country',
    [['United States', V.US_STATES.map(([name, abbreviation]) => ({ name, abbreviation }))]],
  ],
  ['sub-religions', 'religious-affiliations', V.RELIGIONS.map(([religion, subs]) => [religion, names(subs)])],
  ['industry-jobs', 'industry', V.INDUSTRIES.map(([industry, jobs]) => [industry, names(jobs)])],
];

/**
 * The reference data of every master-data list that has no values yet: idempotent, and a list that already
 * has values (an administrator's edits) is never touched. One insert statement per list. Also the default
 * system settings (ssnMasking) where they are missing.
 */
export const ensureMasterData = async (db: Db) => {
  const present = new Set(
    (await db.selectDistinct({ type: masterDataItems.type }).from(masterDataItems)).map((r) => r.type),
  );
  await db.transaction(async (tx) => {
    for (const [type, rows] of LISTS) {
      if (present.has(type) || rows.length === 0) continue;
      await tx.insert(masterDataItems).values(rows.map((row) => ({ ...row, type })));
    }
    for (const [type, parentType, groups] of CHILD_LISTS) {
      if (present.has(type)) continue;
      const parents = await tx
        .select({ id: masterDataItems.id, name: masterDataItems.name })
        .from(masterDataItems)
        .where(
          and(
            eq(masterDataItems.type, parentType),
            inArray(
              masterDataItems.name,
              groups.map(([name]) => name),
            ),
          ),
        );
      const idOf = new Map(parents.map((p) => [p.name, p.id]));
      const rows = groups.flatMap(([parentName, children]) => {
        const parentId = idOf.get(parentName);
        return parentId === undefined ? [] : children.map((child) => ({ ...child, type, parentId }));
      });
      if (rows.length > 0) await tx.insert(masterDataItems).values(rows);
    }
    await tx
      .insert(systemSettings)
      .values(Object.entries(SYSTEM_SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
  });
};
