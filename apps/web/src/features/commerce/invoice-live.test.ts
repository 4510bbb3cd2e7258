import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { acceptsEvent } from '../../lib/socket/event-filter';
import { invalidateOnInvoiceEvent } from './invoice-live';

const who = { userId: 7, agentId: 30, productRoom: 'enquetes', chatroomIds: [] };

describe('live invoice events', () => {
  it.each(['invoice.created', 'invoice.updated', 'invoice.paid', 'invoice.closed'] as const)('%s: the active agent room or the user room (customer)', (event) => {
    expect(acceptsEvent(event, 'agents.30', who)).toBe(true);
    expect(acceptsEvent(event, 'users.7', who)).toBe(true);
    expect(acceptsEvent(event, 'agents.31', who)).toBe(false);
    expect(acceptsEvent(event, 'enquetes', who)).toBe(false);
  });

  it('makes the invoice lists and details stale, and nothing else', async () => {
    const client = new QueryClient();
    const keys = [
      ['resource', 'ab12cd:30', 'invoices', 'list', {}],
      ['resource', 'ab12cd:none', 'invoices', 'one', 4],
      ['resource', 'ab12cd:30', 'articles', 'list', {}],
    ];
    for (const key of keys) client.setQueryData(key, { ok: true });
    invalidateOnInvoiceEvent(client, 'message.created');
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([false, false, false]);
    invalidateOnInvoiceEvent(client, 'invoice.paid');
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, false]);
  });
});
