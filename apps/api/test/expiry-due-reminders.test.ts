import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  daysLeft,
  dueReminders,
  type ExpiringItem,
  reminderKey,
} from '../src/expiry/due-reminders.ts';

const NOW = new Date('2026-11-25T12:00:00Z');

function item(daysFromNow: number, overrides: Partial<ExpiringItem> = {}): ExpiringItem {
  return {
    kind: 'credit',
    key: `pack-${daysFromNow}`,
    userId: 'user-1',
    expiresAt: new Date(NOW.getTime() + daysFromNow * DAY_MS),
    emails: true,
    ...overrides,
  };
}

function thresholds(items: ExpiringItem[], sent: ReadonlySet<string> = new Set(), now = NOW) {
  return dueReminders(items, sent, now).map((due) => [due.item.key, due.thresholdDays]);
}

describe('dueReminders with a fixed clock', () => {
  it('sends at 30, 7 and 1 days before the end, and nothing farther out', () => {
    expect(thresholds([item(31), item(30), item(8), item(7), item(2), item(1), item(0.25)])).toEqual([
      ['pack-30', 30],
      ['pack-8', 30],
      ['pack-7', 7],
      ['pack-2', 7],
      ['pack-1', 1],
      ['pack-0.25', 1],
    ]);
  });

  it('sends each threshold once: a reminder already recorded is not due again', () => {
    const pack = item(6);
    const sent = new Set([reminderKey(pack, 7)]);
    expect(thresholds([pack], sent)).toEqual([]);
    // A day later the next threshold is passed, and only that one is due.
    expect(thresholds([pack], sent, new Date(NOW.getTime() + 5.5 * DAY_MS))).toEqual([['pack-6', 1]]);
  });

  it('catches up a missed threshold with the nearest one only', () => {
    // The job did not run while the pack went from 40 to 5 days left: no late "30 days" reminder.
    expect(thresholds([item(5)])).toEqual([['pack-5', 7]]);
  });

  it('sends nothing for what has already expired', () => {
    expect(thresholds([item(0), item(-3)])).toEqual([]);
  });

  it('keeps the owner’s e-mail choice with the reminder (the notification is due either way)', () => {
    const [due] = dueReminders([item(3, { emails: false })], new Set(), NOW);
    expect(due).toMatchObject({ thresholdDays: 7, item: { emails: false } });
  });

  it('reminds again before a new end when the vendor extends the item', () => {
    const extended = item(25, { key: 'pack' });
    const sentBefore = new Set([reminderKey(item(1, { key: 'pack' }), 1)]);
    expect(thresholds([extended], sentBefore)).toEqual([['pack', 30]]);
  });

  it('counts the days left rounded up, at least one', () => {
    expect(daysLeft(new Date(NOW.getTime() + 4.2 * DAY_MS), NOW)).toBe(5);
    expect(daysLeft(new Date(NOW.getTime() + 60_000), NOW)).toBe(1);
  });
});
