import type { ColumnType, Generated } from 'kysely';

// Row types of the tables the code uses. SQLite returns booleans as 0/1, hence `boolean | number`.
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
type Timestamp = ColumnType<string, string | undefined, string>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: ColumnType<string | Date, string | Date, string | Date>;
  updatedAt: ColumnType<string | Date, string | Date, string | Date>;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: ColumnType<string | Date, string | Date, string | Date>;
}

export interface ProfilesTable {
  id: string;
  username: string;
  full_name: string;
  avatar_url: string | null;
  bio: string | null;
  cover_photo_url: string | null;
  cover_photo_position: Generated<number>;
  last_username_change: string | null;
  followers_visible: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: string;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Timestamp;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  contact_messages: ContactMessagesTable;
}
