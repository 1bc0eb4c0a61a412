import {
  type Action,
  FEATURE_GROUPS,
  type Feature,
  type FeatureGroup,
  type RolePermissionRow,
  isProtectedCell,
} from '@centric/contracts';

export const GRID_ACTIONS: readonly Action[] = ['read', 'write', 'delete'];

export type Matrix = readonly RolePermissionRow[];

/** Which cells a role cannot change (the administrator keeps read and write on Users and Roles). */
export type LockedCell = (feature: Feature, action: Action) => boolean;

export const lockedCellsOf =
  (roleId: number): LockedCell =>
  (feature, action) =>
    isProtectedCell(roleId, feature, action);

/**
 * Sets one cell and keeps the row consistent (the server's rule): write or delete switch read on;
 * read off switches write and delete off. A locked cell never changes, and a change that would need to
 * change a locked cell does not happen.
 */
const setInRow = (
  row: RolePermissionRow,
  action: Action,
  value: boolean,
  locked: LockedCell,
): RolePermissionRow => {
  if (locked(row.feature, action)) return row;
  const next = { ...row, [action]: value };
  if (value && action !== 'read') next.read = true;
  if (!value && action === 'read') {
    if (locked(row.feature, 'write') || locked(row.feature, 'delete')) return row;
    next.write = false;
    next.delete = false;
  }
  return next;
};

export const setCell = (
  matrix: Matrix,
  feature: Feature,
  action: Action,
  value: boolean,
  locked: LockedCell,
): Matrix => matrix.map((row) => (row.feature === feature ? setInRow(row, action, value, locked) : row));

/** Select all (or none) of one feature's actions; locked cells keep their value. */
export const setRow = (matrix: Matrix, feature: Feature, value: boolean, locked: LockedCell): Matrix =>
  matrix.map((row) => {
    if (row.feature !== feature) return row;
    const order: readonly Action[] = value ? GRID_ACTIONS : [...GRID_ACTIONS].reverse();
    return order.reduce((r, action) => setInRow(r, action, value, locked), row);
  });

/** Select all (or none) of one action for every feature; read off also clears write and delete. */
export const setColumn = (matrix: Matrix, action: Action, value: boolean, locked: LockedCell): Matrix =>
  matrix.map((row) => setInRow(row, action, value, locked));

export type SelectionState = 'all' | 'some' | 'none';

const stateOf = (values: readonly boolean[]): SelectionState =>
  values.every(Boolean) ? 'all' : values.some(Boolean) ? 'some' : 'none';

export const rowState = (row: RolePermissionRow): SelectionState => stateOf(GRID_ACTIONS.map((a) => row[a]));

export const columnState = (matrix: Matrix, action: Action): SelectionState =>
  stateOf(matrix.map((r) => r[action]));

export const sameMatrix = (a: Matrix, b: Matrix) =>
  a.length === b.length &&
  a.every((row, i) => {
    const other = b[i];
    return !!other && other.feature === row.feature && GRID_ACTIONS.every((act) => other[act] === row[act]);
  });

/** Rows grouped by module in registry (sidebar) order. */
export const groupedRows = (matrix: Matrix) =>
  (Object.keys(FEATURE_GROUPS) as FeatureGroup[])
    .map((group) => ({
      group,
      rows: (FEATURE_GROUPS[group] as readonly Feature[])
        .map((feature) => matrix.find((r) => r.feature === feature))
        .filter((r): r is RolePermissionRow => r !== undefined),
    }))
    .filter((g) => g.rows.length > 0);
