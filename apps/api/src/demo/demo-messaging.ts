import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { agents, broadcasts, chatroomMembers, chatrooms, companies, messages, participations, surveys, users } from '../db/schema';

/**
 * Messaging demo data for Démo SARL, so every conversation screen has content: a request
 * to talk from the demo customer waiting for an answer (the support tab's waiting list,
 * the customer's "Parler à une entreprise"), a conversation about one participation
 * between the owner and the partner (the participation page's chat), and a broadcast sent
 * to every agent (the diffusions, sent and received). Runs once: nothing is added when the
 * company already has a conversation.
 */
export async function seedDemoMessaging(db: Database, companyCode: string, customerEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtext('seed-demo-messaging'))`);
    const [company] = await tx.orm.select({ id: companies.id }).from(companies).where(eq(companies.code, companyCode));
    if (!company) return;
    const [already] = await tx.orm.select({ id: chatrooms.id }).from(chatrooms).where(eq(chatrooms.company_id, company.id)).limit(1);
    if (already) return;
    const members = await tx.orm
      .select({ id: agents.id, user_id: agents.user_id })
      .from(agents)
      .where(and(eq(agents.company_id, company.id), eq(agents.status, 'active')))
      .orderBy(agents.id);
    const [owner, partner] = members;
    const [customer] = await tx.orm.select({ id: users.id }).from(users).where(eq(users.email, customerEmail));

    if (customer) {
      const [request] = await tx.orm
        .insert(chatrooms)
        .values({ company_id: company.id, kind: 'support', status: 'pending', created_by: customer.id })
        .returning({ id: chatrooms.id });
      await tx.orm.insert(chatroomMembers).values({ chatroom_id: request.id, user_id: customer.id, agent_id: null });
      await tx.orm.insert(messages).values({ chatroom_id: request.id, user_id: customer.id, body: 'Bonjour, je voudrais savoir quand ma facture de ce mois sera disponible.' });
      await tx.orm.update(chatrooms).set({ last_message_at: new Date() }).where(eq(chatrooms.id, request.id));
    }

    const [participation] = await tx.orm
      .select({ id: participations.id, title: surveys.title })
      .from(participations)
      .innerJoin(surveys, eq(surveys.id, participations.survey_id))
      .where(and(eq(participations.company_id, company.id), eq(participations.status, 'submitted')))
      .orderBy(participations.id)
      .limit(1);
    if (participation && owner) {
      const [room] = await tx.orm
        .insert(chatrooms)
        .values({
          company_id: company.id,
          kind: 'survey',
          name: `Participation n°${participation.id} · ${participation.title}`,
          subject_type: 'participation',
          subject_id: participation.id,
          created_by: owner.user_id,
          last_message_at: new Date(),
        })
        .returning({ id: chatrooms.id });
      const inRoom = [owner, partner].filter(Boolean);
      await tx.orm.insert(chatroomMembers).values(inRoom.map((m) => ({ chatroom_id: room.id, user_id: m.user_id, agent_id: m.id })));
      await tx.orm.insert(messages).values([
        { chatroom_id: room.id, user_id: owner.user_id, body: 'Cette participation a une réponse incomplète : on la contrôle avant de la valider ?' },
        ...(partner ? [{ chatroom_id: room.id, user_id: partner.user_id, body: 'Oui, je rappelle la personne demain et je vous dis.' }] : []),
      ]);
    }

    if (owner) {
      const [sent] = await tx.orm
        .insert(broadcasts)
        .values({
          company_id: company.id,
          author_agent_id: owner.id,
          title: 'Réunion d’équipe lundi',
          body: 'Lundi à 9 h au siège de Douala : bilan des enquêtes du mois et plan de tournée.',
          target: 'everyone',
          status: 'sent',
          sent_at: new Date(),
          recipient_count: members.length,
          fanout_cursor: Math.max(...members.map((m) => m.user_id)),
        })
        .returning({ id: broadcasts.id });
      await tx.rows(sql`
        INSERT INTO broadcast_recipients (broadcast_id, user_id, agent_id)
        SELECT ${sent.id}, a.user_id, a.id FROM agents a WHERE a.company_id = ${company.id} AND a.status = 'active' AND a.deleted_at IS NULL
        ON CONFLICT DO NOTHING`);
      await tx.rows(sql`
        INSERT INTO notifications (user_id, agent_id, company_id, kind, title, body, data)
        SELECT r.user_id, r.agent_id, ${company.id}, 'broadcast', 'Réunion d’équipe lundi', 'Lundi à 9 h au siège de Douala : bilan des enquêtes du mois et plan de tournée.',
               jsonb_build_object('broadcast_id', ${sent.id}::int)
          FROM broadcast_recipients r WHERE r.broadcast_id = ${sent.id}`);
    }
  });
}
