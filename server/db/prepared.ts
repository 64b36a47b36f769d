import type { CompiledQuery, Kysely } from 'kysely';
import { directRead } from './database.ts';
import type { DB } from './types.ts';

type Compilable<R> = { compile(): CompiledQuery<R> };

/**
 * A query built and compiled once, then run with new values: building and compiling a Kysely query
 * costs about as much as running a small indexed read on SQLite. The builder is called once with
 * placeholder values; each placeholder's position in the compiled parameters is remembered. On
 * SQLite, outside a transaction, it runs on the connection at once (database.ts directRead).
 */
export function preparedQuery<DB, P extends Record<string, string | number>, R>(
  db: Kysely<DB>,
  placeholders: P,
  build: (values: P) => Compilable<R>,
) {
  const compiled = build(placeholders).compile();
  const slots = compiled.parameters.map((value) => {
    const name = Object.keys(placeholders).find((key) => placeholders[key] === value);
    if (name === undefined) return { constant: value };
    return { name };
  });
  return async (values: P): Promise<R[]> => {
    const parameters = slots.map((slot) => ('name' in slot ? values[slot.name as keyof P] : slot.constant));
    const rows = directRead(db, compiled.sql, parameters);
    if (rows) return rows as R[];
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

/**
 * A value made once per database (its Kysely instance), on first use: a compiled query, a node's cache.
 * Keyed by the instance, not held in a module variable, as tests run many servers in one process.
 */
export function perDatabase<T>(make: (db: Kysely<DB>) => T): (db: Kysely<DB>) => T {
  const made = new WeakMap<Kysely<DB>, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
