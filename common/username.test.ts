import { describe, expect, it } from 'vitest';
import { avatarInitial, sanitizeUsername, usernameFromEmail } from './username.ts';

describe('usernames', () => {
  it('lower-cases and keeps only a-z, 0-9 and _', () => {
    expect(sanitizeUsername('  Cool_Name!! 42 ')).toBe('cool_name42');
    expect(sanitizeUsername('Ünïcødé')).toBe('ncd');
  });

  it('defaults to the part of the email before @', () => {
    expect(usernameFromEmail('Mary.Jane-99@Example.com')).toBe('maryjane99');
    expect(usernameFromEmail('...@example.com')).toBe('user');
  });

  it('uses the uppercased first letter of the name for avatars, or U', () => {
    expect(avatarInitial('grace hopper')).toBe('G');
    expect(avatarInitial('  ')).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
});
