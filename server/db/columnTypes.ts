import type { ColumnType } from 'kysely';

// Column types shared by every table file. SQLite returns booleans as 0/1, hence `boolean | number`.
export type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
export type Timestamp = ColumnType<string, string | undefined, string>;
