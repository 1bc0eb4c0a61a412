import { stdSerializers } from 'pino';

/**
 * How an error is logged (pino's `err` serializer). A failed SQL statement is logged with its text and the
 * database's error (SQLSTATE, constraint, table, column), never with its parameters: drizzle puts them in
 * the message (`params: …`) and PostgreSQL quotes the values in `detail` ("Key (email)=(…)", "Failing row
 * contains (…)"), so those are left out, and values quoted in a data exception's message are masked.
 */

type Chain = Record<string, unknown>[];

/** The error and its causes (drizzle wraps the driver's error in `cause`). */
const chainOf = (err: unknown): Chain => {
  const chain: Chain = [];
  let current: unknown = err;
  while (chain.length < 5 && current && typeof current === 'object') {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
};

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** The fields of a PostgreSQL error that name what failed, never the values it failed with. */
const DB_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'];

/** Class 22 (data exception) messages quote the offending value: `invalid input syntax for type uuid: "…"`. */
const maskValues = (message: string, code: string) =>
  code.startsWith('22') ? message.replace(/"[^"]*"/g, '"[redacted]"') : message;

const stackFrames = (err: Record<string, unknown>) =>
  typeof err.stack === 'string' ? err.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];

const typeOf = (err: Record<string, unknown>) =>
  typeof err.constructor === 'function' && err.constructor.name ? err.constructor.name : 'Error';

/** An error as a log line holds it (pino's shape). */
export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The logged form of an error; a database error's without its parameters. */
export const serializeError = (err: Error): LoggedError => {
  const chain = chainOf(err);
  const statement = chain.find((e) => typeof e.query === 'string' && 'params' in e);
  const database = chain.find((e) => isSqlState(e.code));
  if (!statement && !database) return stdSerializers.err(err);
  const top = chain[0] as Record<string, unknown>;
  const dbMessage =
    database && typeof database.message === 'string'
      ? maskValues(database.message, database.code as string)
      : undefined;
  const message = statement ? `Failed query: ${String(statement.query)}` : (dbMessage ?? 'Database error');
  const type = typeOf(top);
  return {
    type,
    message,
    ...(statement ? { query: statement.query } : {}),
    ...(database
      ? {
          db: {
            message: dbMessage,
            ...Object.fromEntries(
              DB_FIELDS.filter((f) => database[f] !== undefined).map((f) => [f, database[f]]),
            ),
          },
        }
      : {}),
    stack: [`${type}: ${message}`, ...stackFrames(top)].join('\n'),
  };
};
