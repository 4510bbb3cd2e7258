import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderUi, storeUiAgent, UI_SID } from '../../test/render-ui';
import { RoomList } from './conversations/RoomList';
import { WebhooksPanel } from './webhooks/WebhooksPanel';

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

/** A page of the API (1-based `page`): 20 rows, and `has_more` while another page follows. */
const paged = <T,>(make: (n: number) => T, pages: number) => ({ url }: { url: URL }) => {
  const page = Number(url.searchParams.get('page') ?? 1);
  const rows = Array.from({ length: 20 }, (_, i) => make((page - 1) * 20 + i + 1));
  return { body: { data: rows, meta: { limit: 20, page, start: (page - 1) * 20, has_more: page < pages } } };
};
const nextPage = () => fireEvent.click(within(screen.getByTestId('pager')).getByRole('button', { name: /Page suivante/ }));

describe('lists that page with the kit’s pager (issue 19)', { timeout: 60_000 }, () => {
  it('conversations: page 2 asks the API for page=2 and shows its rooms', async () => {
    storeUiAgent('chatrooms.list');
    const room = (n: number) => ({ id: n, kind: 'group', title: `Salon ${n}`, unread: 0, status: 'open', last_message: null, last_message_at: null, created_at: '2026-11-01T10:00:00Z', created_by: 1 });
    const api = fakeApi({
      'GET chatrooms': paged(room, 2),
      'GET chatrooms/overview/count': () => ({ body: { data: { total: 0, by_kind: {}, rooms: [], pending: 0 } } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderUi(<RoomList sid={UI_SID} type="all" activeId={null} />, `/${UI_SID}/conversations/all`);
    await screen.findByText('Salon 1', {}, { timeout: 5000 });
    expect(screen.getAllByTestId('room-item')).toHaveLength(20);
    nextPage();
    await screen.findByText('Salon 21', {}, { timeout: 5000 });
    expect(screen.queryByText('Salon 1')).toBeNull();
    expect(screen.getByTestId('pager-page').textContent).toMatch(/2/);
    expect(api.calls.filter((c) => c.path === 'chatrooms').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('webhook deliveries: the log pages, and past the last page nothing more is asked', async () => {
    storeUiAgent('webhooks.list');
    const delivery = (n: number) => ({ id: n, event: `participation.submitted #${n}`, status: 'delivered', attempts: 1, last_status_code: 200, last_error: null, created_at: '2026-11-01T10:00:00Z' });
    const api = fakeApi({
      'GET webhooks': () => ({ body: { data: [{ id: 4, url: 'https://hooks.example.cm/in', events: ['participation.submitted'], active: true }] } }),
      'GET webhooks/4/deliveries': paged(delivery, 2),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderUi(<WebhooksPanel />);
    await screen.findByText('participation.submitted #1', {}, { timeout: 5000 });
    nextPage();
    await screen.findByText('participation.submitted #21', {}, { timeout: 5000 });
    expect(screen.queryByText('participation.submitted #1')).toBeNull();
    nextPage();
    // The last page: the kit warns instead of asking for an empty page.
    await screen.findByText('Fin de la liste', {}, { timeout: 5000 });
    expect(api.calls.filter((c) => c.path === 'webhooks/4/deliveries').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });
});
