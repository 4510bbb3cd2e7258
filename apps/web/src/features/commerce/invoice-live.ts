import type { SocketEventName } from '@app/contracts/socket-events';
import type { QueryClient } from '@tanstack/react-query';

/** `invoicesResource.key` (commerce-api.ts), not imported: the session shell loads this file. */
const INVOICES_KEY = 'invoices';
const INVOICE_EVENTS = new Set<SocketEventName>(['invoice.created', 'invoice.updated', 'invoice.paid', 'invoice.closed']);

/**
 * An invoice changed (created, issued, paid by mobile money, closed): the invoice lists
 * and details of every cache scope refetch what they show, whoever made the change.
 */
export function invalidateOnInvoiceEvent(queryClient: QueryClient, name: SocketEventName): void {
  if (!INVOICE_EVENTS.has(name)) return;
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'resource' && query.queryKey[2] === INVOICES_KEY });
}
