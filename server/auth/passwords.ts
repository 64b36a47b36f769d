import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default cost: ~16 ms a hash on our machines,
// against ~110 ms for Better Auth's default scrypt.
export const argon2Password = {
  hash: (password: string) => hash(password),
  verify: ({ hash: digest, password }: { hash: string; password: string }) => verify(digest, password),
};
