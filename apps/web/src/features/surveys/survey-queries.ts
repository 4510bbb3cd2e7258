import type { QueryObject } from '@app/contracts/query-object';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { activeAgentOf } from '../../lib/session/account-model';
import { useCurrentSession } from '../../lib/session/use-session';
import { getParticipation, getParticipationResults, listContributors, listParticipations } from './api/participations.api';
import { getQuestionAnswers, getSurveyResults, type ResultsWindow } from './api/results.api';
import { getSurvey, getSurveyPolicy, getTemplate, listSurveys, listTemplates } from './api/surveys.api';

/**
 * Cache keys carry the session and the active company: two accounts, or one account
 * after a company switch, never read each other's surveys from the cache.
 */
export function useSurveyScope(): string {
  const { sid, account } = useCurrentSession();
  return `${sid}:${account ? (activeAgentOf(account)?.id ?? 'none') : 'anon'}`;
}

export const surveyKeys = {
  all: (scope: string) => ['surveys', scope] as const,
  list: (scope: string, query: QueryObject) => ['surveys', scope, 'list', query] as const,
  one: (scope: string, id: number | string) => ['surveys', scope, 'one', String(id)] as const,
  templates: (scope: string, query: QueryObject) => ['surveys', scope, 'templates', query] as const,
  template: (scope: string, id: number | string) => ['surveys', scope, 'template', String(id)] as const,
  participations: (scope: string, surveyId: number) => ['surveys', scope, 'participations', surveyId] as const,
  participationList: (scope: string, surveyId: number, query: QueryObject) => ['surveys', scope, 'participations', surveyId, 'list', query] as const,
  participationResults: (scope: string, id: number) => ['surveys', scope, 'participation', id, 'results'] as const,
  participation: (scope: string, id: number) => ['surveys', scope, 'participation', id, 'row'] as const,
  contributors: (scope: string, participationId: number) => ['surveys', scope, 'participation', participationId, 'contributors'] as const,
  policy: (scope: string) => ['surveys', scope, 'policy'] as const,
  results: (scope: string, surveyId: number, window: ResultsWindow) => ['surveys', scope, 'results', surveyId, window] as const,
  questionAnswers: (scope: string, surveyId: number, questionId: number, options: object) =>
    ['surveys', scope, 'results', surveyId, 'answers', questionId, options] as const,
};

// Survey screens show live work (other agents publish, respondents answer): a short
// freshness instead of the app's 30-minute default for reference data.
const FRESH_MS = 15_000;

export function useSurveyList(query: QueryObject) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.list(scope, query),
    queryFn: ({ signal }) => listSurveys(query, signal),
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
}

export function useSurvey(id: number | string | undefined) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.one(scope, id ?? ''),
    queryFn: ({ signal }) => getSurvey(id!, undefined, signal),
    enabled: id !== undefined && id !== '',
    staleTime: FRESH_MS,
  });
}

export function useTemplates(query: QueryObject) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.templates(scope, query),
    queryFn: ({ signal }) => listTemplates(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(id: number | string | undefined) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.template(scope, id ?? ''),
    queryFn: ({ signal }) => getTemplate(id!, signal),
    enabled: id !== undefined && id !== '',
  });
}

export function useParticipationList(surveyId: number, query: QueryObject) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.participationList(scope, surveyId, query),
    queryFn: ({ signal }) => listParticipations(query, signal),
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
}

export function useParticipationResults(id: number | null) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.participationResults(scope, id ?? 0),
    queryFn: ({ signal }) => getParticipationResults(id!, signal),
    enabled: id !== null,
    staleTime: FRESH_MS,
  });
}

/** One participation with who answered it (participant, user, agent). */
export function useParticipation(id: number | null) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.participation(scope, id ?? 0),
    queryFn: ({ signal }) => getParticipation(id!, signal),
    enabled: id !== null,
    staleTime: FRESH_MS,
  });
}

export function useContributors(participationId: number | null) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.contributors(scope, participationId ?? 0),
    queryFn: ({ signal }) => listContributors(participationId!, signal),
    enabled: participationId !== null,
    staleTime: FRESH_MS,
  });
}

export function useSurveyResults(surveyId: number, window: ResultsWindow) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.results(scope, surveyId, window),
    queryFn: ({ signal }) => getSurveyResults(surveyId, window, signal),
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
}

/** The company's survey rules: whether publishing goes through an approval. */
export function useSurveyPolicy() {
  const scope = useSurveyScope();
  return useQuery({ queryKey: surveyKeys.policy(scope), queryFn: ({ signal }) => getSurveyPolicy(signal), staleTime: FRESH_MS, retry: false });
}

/** A page of a question's latest answers (the results tab's lists and gallery). */
export function useQuestionAnswers(surveyId: number, questionId: number, options: Parameters<typeof getQuestionAnswers>[2]) {
  const scope = useSurveyScope();
  return useQuery({
    queryKey: surveyKeys.questionAnswers(scope, surveyId, questionId, options),
    queryFn: ({ signal }) => getQuestionAnswers(surveyId, questionId, options, signal),
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });
}

/** Refetches everything the survey screens cached for this session and company. */
export function useInvalidateSurveys() {
  const queryClient = useQueryClient();
  const scope = useSurveyScope();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: surveyKeys.all(scope) }), [queryClient, scope]);
}
