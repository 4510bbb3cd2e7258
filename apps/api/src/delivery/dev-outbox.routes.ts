import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope';
import { notFound } from '../http/errors';
import { listOutbox } from './outbox.repository';
import { PUBLIC_ROUTE } from '../http/route-access';
import { okSchema } from '../http/response-schemas';

/** A message of the outbox as the development page and browser tests read it (codes included). */
const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  destination: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});

const outboxQuery = z.object({
  destination: z.string().trim().min(1).max(190).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether the caller is on this machine: the only one the development outbox answers. */
export function isLoopback(ip: string): boolean {
  return LOOPBACK.has(ip);
}

/**
 * GET dev/outbox: the newest messages (codes included) for the development page and
 * browser tests. Registered only outside production, and answered only to callers on
 * this machine, so a demo server left on a network does not hand out one-time codes.
 */
export async function devOutboxRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/dev/outbox',
    { schema: { tags: ['dev'], summary: 'Messages envoyés (développement)', querystring: outboxQuery, response: { 200: okSchema(z.array(outboxMessageSchema)) } }, config: PUBLIC_ROUTE },
    async (request) => {
      if (!isLoopback(request.ip)) throw notFound();
      const rows = await listOutbox(app.db, request.query);
      return ok(
        rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          destination: r.destination,
          subject: r.subject,
          body: r.body,
          sent_at: r.sent_at?.toISOString() ?? null,
          error: r.error,
          created_at: r.created_at.toISOString(),
        })),
      );
    },
  );
}
