import { emitWebhookEvent } from '../../messaging/webhooks/webhook-events';
import { notify } from '../../messaging/notifications/notify';
import { agentRoom, type ContributionEventData } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { agents, participants, users } from '../../../db/schema';
import type { Database } from '../../../db/client';
import type { RequestContext } from '../../../http/actor';
import { displayNameOf } from '../../identity/users/users.repository';
import type { SurveyRow } from './survey-definition.repository';
import { inEveryLocale } from '../../../delivery/message-texts';
import { participationText } from './participation.texts';

/**
 * The name the survey author sees for whoever answered: agent, account, participant; null
 * when none is known, which each reader words in their language (`anonymousRespondent`).
 */
export async function respondentName(
  db: Database,
  who: { agent_id: number | null; user_id: number | null; participant_id: number | null },
): Promise<string | null> {
  if (who.agent_id !== null) {
    const [agent] = await db.orm
      .select({ first_name: agents.first_name, last_name: agents.last_name })
      .from(agents)
      .where(eq(agents.id, who.agent_id));
    const name = [agent?.first_name, agent?.last_name].filter(Boolean).join(' ');
    if (name) return name;
  }
  if (who.user_id !== null) {
    const [user] = await db.orm.select().from(users).where(eq(users.id, who.user_id));
    if (user) return displayNameOf(user);
  }
  if (who.participant_id !== null) {
    const [participant] = await db.orm.select({ name: participants.name }).from(participants).where(eq(participants.id, who.participant_id));
    if (participant?.name) return participant.name;
  }
  return null;
}

/**
 * `contribution.created` / `contribution.updated` to the survey author's agent room: a
 * participation was submitted, or a contributor answered their part.
 */
export async function publishContribution(
  ctx: RequestContext,
  name: 'contribution.created' | 'contribution.updated',
  survey: Pick<SurveyRow, 'id' | 'title' | 'author_agent_id' | 'settings'>,
  participation: { id: number; agent_id: number | null; user_id: number | null; participant_id: number | null },
  contributor?: { agent_id: number | null; user_id: number | null },
): Promise<void> {
  if (survey.author_agent_id === null) return;
  const anonymous = (survey.settings as { anonymous?: boolean } | null)?.anonymous === true;
  const who = contributor ? { ...contributor, participant_id: null } : participation;
  const [author] = await ctx.db.orm
    .select({ user_id: agents.user_id, company_id: agents.company_id, locale: users.locale })
    .from(agents)
    .innerJoin(users, eq(users.id, agents.user_id))
    .where(eq(agents.id, survey.author_agent_id));
  // An anonymous survey names no one; nor does an answer nobody signed.
  const named = anonymous ? null : await respondentName(ctx.db, who);
  const nameIn = (locale: string | null | undefined) => named ?? participationText(locale, 'anonymousRespondent');
  const data: ContributionEventData = {
    // An anonymous survey names no one: the author's own agent stands in, as for a stranger.
    participation: { id: participation.id, survey_id: survey.id, agent_id: (anonymous ? null : who.agent_id) ?? survey.author_agent_id },
    // The author's toast, in the author's language.
    agent: { name: nameIn(author?.locale) },
    survey: { title: survey.title },
  };
  ctx.events.publish(name, agentRoom(survey.author_agent_id), data);
  if (author) {
    await notify(ctx, { userId: author.user_id, agentId: survey.author_agent_id }, {
      kind: 'contribution',
      title: inEveryLocale((l) => participationText(l, 'contributedTitle', { agent: nameIn(l), survey: survey.title })),
      companyId: author.company_id,
      data: { ...data.participation, event: name },
    });
    if (name === 'contribution.created' && contributor) {
      await emitWebhookEvent(ctx, author.company_id, 'contribution.created', { participation_id: participation.id, survey_id: survey.id });
    }
  }
}
