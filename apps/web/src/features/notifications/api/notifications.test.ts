import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_NOTIFICATION_STATE, notificationStore } from '../stores/notification-state.ts';
import { headerNotifications } from './notifications.ts';

afterEach(() => {
  headerNotifications.setShown(false);
  notificationStore.set(INITIAL_NOTIFICATION_STATE);
  vi.unstubAllGlobals();
});

describe('the bell dropdown calls', () => {
  it('takes the header count from GET /notification/total and the list from page 1, 5 items (spec §7, §9)', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://portal.test');
        requested.push(`${url.pathname}${url.search}`);
        if (url.pathname === '/api/notification/total') return Response.json({ total: 42 });
        return Response.json({
          member: [
            { id: 7, message: 'Firmware 2.1 is out', readed: false, createdAt: '2026-11-01T10:00:00.000Z' },
          ],
          // The list's own total is not the header's: the spec names /notification/total for it.
          totalItems: 1,
        });
      }),
    );
    notificationStore.set({ ...INITIAL_NOTIFICATION_STATE, unreadCount: 1 });
    headerNotifications.setShown(true);
    await vi.waitFor(() => expect(notificationStore.get().isLoading).toBe(false));
    expect(notificationStore.get()).toMatchObject({
      unreadCount: 1,
      headerTotalCount: 42,
      headerNotifications: [{ id: 7, message: 'Firmware 2.1 is out' }],
    });
    expect(requested.sort()).toEqual([
      '/api/notification-to-users?page=1&itemsPerPage=5&order%5BcreatedAt%5D=desc',
      '/api/notification/total',
    ]);
  });
});
