import type { PlatformAudience, PlatformBroadcastInput, PlatformBroadcastRow } from '@app/contracts/admin-platform';
import { sql } from 'drizzle-orm';
import { broadcasts } from '../../../db/schema';
import type { RequestContext } from '../../../http/actor';
import { validationFailed } from '../../../http/errors';
import { requireAdmin } from '../../administration/admin-guard';
import { BROADCASTS_DUE } from '../../messaging/broadcasts/broadcast-fanout';
import { audit } from '../../administration/audit/audit';
import { audited } from '../../administration/audit/audited';
import { pageOf } from './admin-list';
import { usersText } from '../../identity/users/users.texts';

/** 422 naming the chosen companies or sectors that do not exist (a silent empty send helps nobody). */
async function assertChoicesExist(ctx: RequestContext, input: PlatformBroadcastInput) {
  if (input.audience !== 'companies' && input.audience !== 'sectors') return;
  const ids = [...new Set(input.ids ?? [])];
  const table = input.audience === 'companies' ? sql`companies WHERE deleted_at IS NULL AND id IN ${ids}` : sql`sectors WHERE id IN ${ids}`;
  const [row] = await ctx.db.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${table}`);
  if (Number(row?.n) !== ids.length) {
    throw validationFailed({ ids: [usersText(ctx.locale, input.audience === 'companies' ? 'unknownCompany' : 'unknownSector')] });
  }
}

/**
 * mnt/broadcast: a broadcast of the platform itself (no company), to everyone or to the
 * members of chosen companies or sectors, or to account types. Recorded `sending`, then
 * the broadcasts' fan-out loop reaches each recipient (their diffusions, their bell, a
 * live `broadcast.created` in their user room) exactly like a company's broadcast.
 */
export async function publishPlatformBroadcast(ctx: RequestContext, input: PlatformBroadcastInput): Promise<PlatformBroadcastRow> {
  const actor = requireAdmin(ctx);
  await assertChoicesExist(ctx, input);
  const audience: PlatformAudience = {
    audience: input.audience,
    ...(input.audience === 'companies' || input.audience === 'sectors' ? { ids: [...new Set(input.ids ?? [])] } : {}),
    ...(input.audience === 'types' ? { types: [...new Set(input.types ?? [])] } : {}),
  };
  // The broadcast and its audit entry commit together; the fan-out is woken after the commit.
  const row = await audited(ctx, async (tx) => {
    const [created] = await tx.db.orm
      .insert(broadcasts)
      .values({ company_id: null, author_user_id: actor.userId, title: input.title, body: input.body, target: 'platform', platform_audience: audience, status: 'sending' })
      .returning();
    await audit(tx, { action: 'broadcast.platform', objectType: 'broadcast', objectId: created.id, after: { title: created.title, ...audience } });
    tx.events.signal(BROADCASTS_DUE);
    return created;
  });
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    audience,
    recipient_count: row.recipient_count,
    status: row.status,
    published_at: row.published_at.toISOString(),
    author_name: null,
  };
}

/** The platform's broadcasts, newest first. */
export function listPlatformBroadcasts(ctx: RequestContext, paging: { page: number; limit: number }) {
  requireAdmin(ctx);
  return pageOf<PlatformBroadcastRow>(
    ctx.db,
    {
      select: sql`SELECT b.id, b.title, b.body, b.platform_audience AS audience, b.recipient_count, b.status, b.published_at,
        nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS author_name`,
      from: sql`FROM broadcasts b LEFT JOIN users u ON u.id = b.author_user_id`,
      where: [sql`b.company_id IS NULL`, sql`b.target = 'platform'`],
      order: sql`b.id DESC`,
    },
    paging,
  );
}
