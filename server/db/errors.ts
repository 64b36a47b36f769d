/** A unique index refused the row: PostgreSQL's 23505, or SQLite's SQLITE_CONSTRAINT_UNIQUE. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
