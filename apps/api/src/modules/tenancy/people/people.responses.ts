import { z } from 'zod';
import { resourceRowSchema } from '../../../http/response-schemas';
import { agentQueryDef } from '../agents/agents.query';

/**
 * A row of GET people/{type}: an agent (agents, partners) with the names of its roles, or
 * a customer (an account: names, photo, created_at) with its named participations.
 */
export const personRow = resourceRowSchema(agentQueryDef, {
  photo: z.string().nullable().describe('Clients : photo du compte'),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })).describe('Agents et partenaires : rôles tenus'),
  participations_count: z.number().int().describe('Clients : participations nominatives à ses enquêtes'),
  last_participation_at: z.string().nullable().describe('Clients : la dernière de ces participations'),
});

/** GET agents/{id}/history. */
export const agentHistorySchema = z.object({
  agent_id: z.number().int(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  events: z.array(z.object({ kind: z.string(), at: z.string() })),
  participations: z.array(
    z.object({ id: z.number().int(), survey_id: z.number().int(), survey_title: z.string(), status: z.string(), created_at: z.string().nullable() }),
  ),
});
