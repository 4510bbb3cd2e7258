import type { QueryObject } from '@app/contracts/query-object';
import { api } from '../../../lib/api-client';
import type { ParticipationResults } from '@app/contracts/participation-views';
import type { Contributor, Participation } from '../survey.types';
import type { ExportOptions } from '../../collection/participations/participations-query';
import { downloadApiFile } from './download';

export type ReviewAction = 'check' | 'uncheck' | 'validate';
export type ExportFormat = 'xlsx' | 'csv';

/** A page of participations (the full query object: filters, sort, paging, includes). */
export function listParticipations(query: QueryObject, signal?: AbortSignal) {
  return api.list<Participation>('participations', query, { signal });
}

export function getParticipation(id: number | string, signal?: AbortSignal) {
  return api.get<Participation>(`participations/${id}`, { query: { includes: ['participant', 'user', 'agent'] }, signal });
}

/** The answers of one participation, with labels, in answering order. */
export function getParticipationResults(id: number | string, signal?: AbortSignal) {
  return api.get<ParticipationResults>(`participations/${id}/results`, { signal });
}

export type { ParticipationResults };

export function reviewParticipation(id: number, action: ReviewAction) {
  return api.post<Participation>(`participations/${id}/${action}`, {});
}

/** Downloads the participations of a survey (statuses and window of `options`) as xlsx or csv. */
export function exportSurveyParticipations(surveyId: number, format: ExportFormat, options: ExportOptions = {}) {
  return downloadApiFile(`surveys/${surveyId}/exportparticipations`, {
    method: 'POST',
    body: { format, ...options },
    fallbackName: `participations-${surveyId}.${format}`,
  });
}

/** Downloads one participation as a PDF (dates in the reader's time zone). */
export function exportParticipationPdf(id: number, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  return downloadApiFile(`participations/${id}/export`, {
    method: 'POST',
    query: timeZone ? { tz: timeZone } : undefined,
    body: {},
    fallbackName: `participation-${id}.pdf`,
  });
}

export function listContributors(participationId: number, signal?: AbortSignal) {
  return api.list<Contributor>(
    'contributors',
    { filter_groups: [{ filters: [{ key: 'participation_id', operator: 'eq', value: participationId }] }], includes: ['agent'], limit: 100 },
    { signal },
  );
}

export interface ContributorInput {
  participation_id: number;
  agent_ids: number[];
  /** Empty: every step. */
  step_ids: number[];
}

/** Invites agents to fill a participation (optionally only some steps): one contributor each. */
export async function inviteContributors(input: ContributorInput): Promise<Contributor[]> {
  const created: Contributor[] = [];
  for (const agentId of input.agent_ids) {
    created.push(
      await api.post<Contributor>('contributors', { participation_id: input.participation_id, agent_id: agentId, step_ids: input.step_ids }),
    );
  }
  return created;
}

export const removeContributor = (id: number) => api.delete<null>(`contributors/${id}`);

export interface AgentOption {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email?: string | null;
  job?: string | null;
  status?: string;
}

/** Agents of the active company, searched by name, for the contributor picker. */
export function searchAgents(text: string, signal?: AbortSignal) {
  const query: QueryObject = { limit: 20, sort: [{ key: 'last_name', direction: 'asc' }] };
  if (text.trim()) {
    return api
      .request<AgentOption[]>('POST', 'agents/search', { body: { input: text.trim(), ...query }, signal })
      .then(({ data }) => data);
  }
  return api.list<AgentOption>('agents', query, { signal }).then(({ data }) => data);
}
