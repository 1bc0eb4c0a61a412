/**
 * The one place that reads PostgreSQL's refusals (SQLSTATE codes): modules say what a refusal means to the
 * user (the field or the message), never which code it came with.
 */

/** What the database refused: a unique index, a foreign key, or a reference kept by `ON DELETE RESTRICT`. */
export type DbRefusalKind = 'unique' | 'foreignKey' | 'restrict';
export type DbRefusal = { kind: DbRefusalKind; constraint: string | null };

// 23505 unique_violation, 23503 foreign_key_violation; PostgreSQL 18 (PGlite) reports a reference kept by
// ON DELETE RESTRICT as 23001 restrict_violation where PostgreSQL 15 says 23503.
const KINDS: Record<string, DbRefusalKind> = {
  '23505': 'unique',
  '23503': 'foreignKey',
  '23001': 'restrict',
};

/** The PostgreSQL error under a driver's wrapper (drizzle wraps it in `cause`): its SQLSTATE and constraint. */
const pgErrorOf = (err: unknown): { code: string; constraint?: string; message?: string } | null => {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
        ...(typeof candidate.message === 'string' ? { message: candidate.message } : {}),
      };
    }
    current = candidate.cause;
  }
  return null;
};

/** The refusal behind an error, or null when the error is something else. */
export const dbRefusalOf = (err: unknown): DbRefusal | null => {
  const pg = pgErrorOf(err);
  const kind = pg ? KINDS[pg.code] : undefined;
  if (!pg || !kind) return null;
  // Some drivers leave `constraint` out: the constraint's name is quoted in the message then.
  const constraint = pg.constraint ?? /"([a-z0-9_]+)"/.exec(pg.message ?? '')?.[1] ?? null;
  return { kind, constraint };
};

/** What a refusal of each kind answers: an error to throw instead, or undefined to let the refusal through. */
export type DbRefusalAnswers = Partial<
  Record<DbRefusalKind, (constraint: string | null) => Error | undefined | Promise<Error | undefined>>
>;

/**
 * Runs a write; a refusal the caller answers becomes that answer (e.g. `conflict(...)` on the name field
 * for a taken name), anything else is rethrown as it was.
 */
export const answerDbRefusals = async <T>(work: () => Promise<T>, answers: DbRefusalAnswers): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    const refusal = dbRefusalOf(err);
    const answer = refusal ? await answers[refusal.kind]?.(refusal.constraint) : undefined;
    throw answer ?? err;
  }
};
