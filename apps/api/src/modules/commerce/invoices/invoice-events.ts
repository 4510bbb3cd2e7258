import { agentRoom, type InvoiceEventData, type SOCKET_EVENTS, userRoom } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { EventBus } from '../../../events/event-bus';
import type { InvoiceRow } from './invoices.repository';

export type InvoiceEventName =
  | typeof SOCKET_EVENTS.invoiceCreated
  | typeof SOCKET_EVENTS.invoiceUpdated
  | typeof SOCKET_EVENTS.invoicePaid
  | typeof SOCKET_EVENTS.invoiceClosed;

/**
 * The agents of a company who may see its invoices (`invoices.show` through one of their
 * roles, an owner role giving every permission), while their membership counts. Section 6:
 * an agent event is shown only in the active agent's room, so each gets it in `agents.{id}`.
 */
async function invoiceWatchers(db: Database, companyId: number): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(sql`
    SELECT a.id FROM agents a JOIN companies c ON c.id = a.company_id
     WHERE a.company_id = ${companyId} AND a.status = 'active' AND a.deleted_at IS NULL
       AND c.status = 'active' AND c.deleted_at IS NULL
       AND EXISTS (
         SELECT 1 FROM agent_roles ar JOIN roles r ON r.id = ar.role_id AND r.state = 'active'
          WHERE ar.agent_id = a.id
            AND (r.is_owner OR EXISTS (
              SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
               WHERE rp.role_id = r.id AND p.slug = 'invoices.show')))`);
  return rows.map((r) => r.id);
}

export function invoiceEventData(invoice: InvoiceRow): InvoiceEventData {
  return {
    id: invoice.id,
    company_id: invoice.company_id,
    number: invoice.number,
    status: invoice.status,
    total: invoice.total,
    currency: invoice.currency,
    customer_user_id: invoice.customer_user_id,
  };
}

/**
 * Tells the issuing company's agents and the customer that an invoice changed, once the
 * change is committed. The customer hears nothing of a draft (they cannot read it).
 * Never throws: a failed lookup must not fail the request that made the change.
 */
export async function publishInvoiceEvent(deps: { db: Database; events: EventBus }, name: InvoiceEventName, invoice: InvoiceRow): Promise<void> {
  const data = invoiceEventData(invoice);
  const agentIds = await invoiceWatchers(deps.db, invoice.company_id).catch(() => []);
  for (const id of agentIds) deps.events.publish(name, agentRoom(id), data);
  if (invoice.customer_user_id != null && invoice.status !== 'draft') deps.events.publish(name, userRoom(invoice.customer_user_id), data);
}
