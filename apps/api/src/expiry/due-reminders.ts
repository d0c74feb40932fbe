/**
 * Which expiry reminders are due at a given time (issue 19 item 3): a pure function of the items
 * close to their end, the reminders already recorded and the clock, so the job that sends them
 * holds no schedule of its own and a restart or a second node changes nothing.
 */

/** Days before the end at which a reminder goes out, farthest first. */
export const REMINDER_THRESHOLDS_DAYS = [30, 7, 1] as const;

export const DAY_MS = 24 * 60 * 60 * 1000;

export type ExpiringItemKind = 'card' | 'product' | 'credit';

export interface ExpiringItem {
  kind: ExpiringItemKind;
  /** The card id, `<card id>/<product id>` or the credit pack's id. */
  key: string;
  userId: string;
  expiresAt: Date;
  /** The owner's account setting: false sends the portal notification without the e-mail. */
  emails: boolean;
}

export interface DueReminder<Item extends ExpiringItem = ExpiringItem> {
  item: Item;
  thresholdDays: number;
}

/** What identifies one reminder, as the unique key of `expiry_reminders` does. */
export function reminderKey(item: ExpiringItem, thresholdDays: number): string {
  return `${item.kind}|${item.key}|${item.expiresAt.toISOString()}|${thresholdDays}`;
}

/**
 * The reminders to send at `now`: for each item not expired yet, the nearest threshold it has
 * passed, unless that one was already sent. A job that missed a threshold (a node
 * was down for days) therefore sends only the nearest, never a late "30 days" next to a "7 days",
 * and nothing for an item that has already ended.
 */
export function dueReminders<Item extends ExpiringItem>(
  items: readonly Item[],
  alreadySent: ReadonlySet<string>,
  now: Date,
): DueReminder<Item>[] {
  const due: DueReminder<Item>[] = [];
  for (const item of items) {
    const left = item.expiresAt.getTime() - now.getTime();
    if (left <= 0) continue;
    const nearest = REMINDER_THRESHOLDS_DAYS.filter((days) => left <= days * DAY_MS).at(-1);
    if (nearest === undefined || alreadySent.has(reminderKey(item, nearest))) continue;
    due.push({ item, thresholdDays: nearest });
  }
  return due;
}

/** Whole days left, rounded up: what the reminder says ("expires in 5 days"). */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}
