import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rule of who may see what lives in server/policies/ alone (DESIGN section 8, issue 49): a query
 * elsewhere that needs it asks a policy export (groupMembersWho, groupsOfMember, fewerReadersSeenBy...)
 * instead of writing the membership, privacy or audience test again. This reads the server's code and
 * names every line outside policies/ that restates it.
 */
const SERVER = path.resolve(import.meta.dirname, '..');

/** Words that decide visibility: a group's members or bans, its privacy, a post's audience. */
const RULE = [
  /standing'?\s*,\s*'(=|in)'\s*,\s*\[?'(member|banned)/,
  /standing\s+(=|in)\s+\(?'(member|banned)/,
  /privacy'?\s*,\s*'='\s*,\s*'(public|private|secret)'/,
  /privacy\s*=\s*'(public|private|secret)'/,
  /visibility'?\s*,\s*'(=|in)'\s*,\s*\[?'(everyone|friends|group|only_me)'/,
  /visibility\s+(=|in)\s+\(?'(everyone|friends|group|only_me)'/,
];

/**
 * Files that read or write a membership's standing without deciding what anyone sees: the state
 * machine of joining, asking, inviting and banning, and the viewer's standings read for the kept
 * pages (policies/event.ts and policies/group.ts decide with them).
 */
const NOT_A_READER = new Set(['commands/groupMembers.ts', 'cache/viewerGroups.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['policies', 'test', 'migrations'].includes(entry.name) ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the visibility rule, in one place', () => {
  it('is written in server/policies/ alone: no query elsewhere restates membership, privacy or audience', () => {
    const files = sources(SERVER);
    expect(files.length).toBeGreaterThan(100);
    const restated: string[] = [];
    for (const file of files) {
      const relative = path.relative(SERVER, file);
      if (NOT_A_READER.has(relative)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (RULE.some((rule) => rule.test(line))) restated.push(`${relative}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(restated, 'ask a policy export from server/policies/ instead').toEqual([]);
  });

  it('would name a restated rule', () => {
    const line = ".where('group_members.standing', '=', 'member')";
    expect(RULE.some((rule) => rule.test(line))).toBe(true);
    expect(RULE.some((rule) => rule.test("sql`posts.visibility = 'friends'`"))).toBe(true);
  });
});
