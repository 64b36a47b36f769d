import type { Post } from '@common/schemas/posts.ts';
import { describe, expect, it } from 'vitest';
import { hidesAuthor, needsRenewal } from './prayerState.ts';

const DAY = 86_400_000;
const now = Date.parse('2026-11-28T12:00:00Z');

function prayer(state: Partial<NonNullable<Post['prayer']>> = {}): NonNullable<Post['prayer']> {
  return {
    visibility: 'everyone',
    anonymous: false,
    urgent: false,
    urgent_until: null,
    expires_after_days: 30,
    expires_at: new Date(now + 20 * DAY).toISOString(),
    expired: false,
    answered_at: null,
    testimony: null,
    update_count: 0,
    notify_prayed: true,
    ...state,
  };
}

describe("'Still need prayer?'", () => {
  it('asks when a request expires within 3 days or has expired, unless it was answered or never expires', () => {
    expect(needsRenewal(prayer(), now)).toBe(false);
    expect(needsRenewal(prayer({ expires_at: new Date(now + 3 * DAY).toISOString() }), now)).toBe(true);
    expect(needsRenewal(prayer({ expires_at: new Date(now + 3 * DAY + 60_000).toISOString() }), now)).toBe(
      false,
    );
    expect(needsRenewal(prayer({ expired: true }), now)).toBe(true);
    expect(needsRenewal(prayer({ expired: true, answered_at: new Date(now).toISOString() }), now)).toBe(
      false,
    );
    expect(needsRenewal(prayer({ expires_at: null, expires_after_days: null }), now)).toBe(false);
    expect(needsRenewal(null, now)).toBe(false);
  });
});

describe('an anonymous request’s author', () => {
  const author = { id: 'ada', username: 'ada', full_name: 'Ada', avatar_url: null };
  const hidden = { id: '', username: '', full_name: 'A member', avatar_url: null };

  it('is hidden from everyone but the author, and only on anonymous requests', () => {
    expect(hidesAuthor({ author: hidden, prayer: prayer({ anonymous: true }) }, 'ben')).toBe(true);
    expect(hidesAuthor({ author: hidden, prayer: prayer({ anonymous: true }) }, undefined)).toBe(true);
    expect(hidesAuthor({ author, prayer: prayer({ anonymous: true }) }, 'ada')).toBe(false);
    expect(hidesAuthor({ author, prayer: prayer() }, 'ben')).toBe(false);
    expect(hidesAuthor({ author, prayer: null }, 'ben')).toBe(false);
  });
});
