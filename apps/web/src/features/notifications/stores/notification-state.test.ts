import type { Notification } from '@benchside/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../../lib/create-store.ts';
import {
  createHeaderNotificationsLoader,
  INITIAL_NOTIFICATION_STATE,
  type NotificationState,
} from './notification-state.ts';

const note = (id: number, readed = false): Notification => ({
  id,
  message: `Notification ${id}`,
  readed,
  createdAt: '2026-11-01T10:00:00.000Z',
});

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp() {
  const store = createStore<NotificationState>({ ...INITIAL_NOTIFICATION_STATE, unreadCount: 3 });
  const answers: {
    latest: ReturnType<typeof deferred<Notification[]>>;
    total: ReturnType<typeof deferred<number>>;
  }[] = [];
  const loader = createHeaderNotificationsLoader(store, {
    latest() {
      const latest = deferred<Notification[]>();
      const total = deferred<number>();
      answers.push({ latest, total });
      return latest.promise;
    },
    total: () => answers.at(-1)?.total.promise ?? Promise.reject(new Error('no load')),
  });
  return { store, loader, answers };
}

describe('the header notifications in client state (spec §3)', () => {
  it('loads the latest five and the total count when the dropdown opens, keeping the unread count apart', async () => {
    const { store, loader, answers } = setUp();
    loader.setShown(true);
    expect(store.get()).toMatchObject({ isLoading: true, headerTotalCount: null, unreadCount: 3 });
    answers[0]?.latest.resolve([note(9), note(8, true)]);
    answers[0]?.total.resolve(42);
    await settle();
    expect(store.get()).toEqual({
      unreadCount: 3,
      headerNotifications: [note(9), note(8, true)],
      headerTotalCount: 42,
      isLoading: false,
      loadFailed: false,
    });
  });

  it('reloads on a change only while the dropdown is shown', async () => {
    const { loader, answers } = setUp();
    loader.refresh();
    expect(answers).toHaveLength(0);
    loader.setShown(true);
    loader.refresh();
    expect(answers).toHaveLength(2);
    loader.setShown(false);
    loader.refresh();
    expect(answers).toHaveLength(2);
  });

  it('keeps only the newest of overlapping loads', async () => {
    const { store, loader, answers } = setUp();
    loader.setShown(true);
    loader.refresh();
    answers[1]?.latest.resolve([note(2)]);
    answers[1]?.total.resolve(2);
    await settle();
    answers[0]?.latest.resolve([note(1)]);
    answers[0]?.total.resolve(1);
    await settle();
    expect(store.get()).toMatchObject({
      headerNotifications: [note(2)],
      headerTotalCount: 2,
      isLoading: false,
    });
  });

  it('keeps the list it had and says so when a load fails', async () => {
    const { store, loader, answers } = setUp();
    loader.setShown(true);
    answers[0]?.latest.resolve([note(5)]);
    answers[0]?.total.resolve(5);
    await settle();
    loader.refresh();
    answers[1]?.latest.resolve([note(6)]);
    answers[1]?.total.reject(new Error('offline'));
    await settle();
    expect(store.get()).toMatchObject({
      headerNotifications: [note(5)],
      headerTotalCount: 5,
      isLoading: false,
      loadFailed: true,
    });
  });
});
