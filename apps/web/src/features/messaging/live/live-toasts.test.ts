import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => [] as Array<{ title?: unknown; message: unknown; href?: string }>);
vi.mock('../../../lib/toast', () => ({ showToast: (input: { message: unknown; href?: string }) => shown.push(input) }));

import { showLiveToast } from './live-toasts';

beforeEach(() => {
  shown.length = 0;
});

describe('the "new notification" toast card', () => {
  it('has its Consulter link to the object, like the other cards (section 2)', () => {
    showLiveToast('ab12cd', 'notification.created', {
      id: 4,
      kind: 'notification',
      title: 'Une conversation vous est confiée',
      data: { chatroom_id: 31, type: 'support' },
    });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ message: 'Une conversation vous est confiée', href: '/ab12cd/conversations/support/31' });
  });

  it('a request waiting for a manager opens the support tab', () => {
    showLiveToast('ab12cd', 'notification.created', { id: 5, kind: 'notification', title: 'Nouvelle demande', data: { pending_chatroom_id: 8 } });
    expect(shown[0]?.href).toBe('/ab12cd/conversations/support');
  });
});
