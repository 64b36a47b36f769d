import { describe, expect, it } from 'vitest';
import { nextReminderAt } from './reminderTimes.ts';

describe('the daily prayer reminder’s next time', () => {
  it('keeps the local time across a daylight-saving change', () => {
    // New York springs forward on 2027-03-14 (UTC-5 to UTC-4) and falls back on 2027-11-07.
    const saturday = Date.parse('2027-03-13T13:00:00Z'); // 08:00 local, just after the reminder
    expect(nextReminderAt('07:30', 'America/New_York', saturday)).toBe('2027-03-14T11:30:00.000Z');
    const sunday = Date.parse('2027-03-14T11:30:00.000Z');
    expect(nextReminderAt('07:30', 'America/New_York', sunday)).toBe('2027-03-15T11:30:00.000Z');
    const fallBack = Date.parse('2027-11-06T11:30:00.000Z');
    expect(nextReminderAt('07:30', 'America/New_York', fallBack)).toBe('2027-11-07T12:30:00.000Z');
  });

  it('comes later the same day when that time is still ahead, and in the member’s own zone', () => {
    const early = Date.parse('2027-06-01T03:00:00Z');
    expect(nextReminderAt('07:30', 'UTC', early)).toBe('2027-06-01T07:30:00.000Z');
    expect(nextReminderAt('07:30', 'Asia/Tokyo', early)).toBe('2027-06-01T22:30:00.000Z');
  });

  it('puts a time the clocks skip at the first minute after the gap', () => {
    const before = Date.parse('2027-03-14T05:00:00Z'); // 00:00 in New York
    expect(nextReminderAt('02:30', 'America/New_York', before)).toBe('2027-03-14T07:30:00.000Z');
  });
});
