import type { MonitorTargetKind } from '@app/contracts/supervision';
import type { QueryObject } from '@app/contracts/query-object';
import { defineResource } from '../../../lib/resource/resource';
import { useResourceList } from '../../../lib/resource/use-resource';
import { type AgentRow, agentName, agentsResource, audiencesResource, groupsResource, sitesResource, workspacesResource } from '../../structure/structure-resources';

interface Named {
  id: number;
  name?: string;
}

const RESOURCES = {
  agent: agentsResource,
  group: groupsResource,
  site: sitesResource,
  workspace: workspacesResource,
  audience: audiencesResource,
} as const;

const evaluationSurveys = defineResource<{ id: number; title: string; target_kind: string | null; settings?: { anonymous?: boolean } | null }>('surveys');
const BY_NAME: QueryObject = { limit: 100 };

/** The choices of a target kind (name and id), for the monitor form. */
export function useTargetOptions(kind: MonitorTargetKind | null) {
  const list = useResourceList<Named | AgentRow>(RESOURCES[kind ?? 'site'] as never, BY_NAME, { enabled: kind !== null });
  const rows = kind ? (list.data?.data ?? []) : [];
  return {
    loading: list.isLoading,
    options: rows.map((r) => ({ value: String(r.id), label: kind === 'agent' ? agentName(r as AgentRow) : ((r as Named).name ?? `#${r.id}`) })),
  };
}

/**
 * The company's evaluation surveys; those tied to another kind of target are left out, and
 * anonymous ones (the API refuses them: a report would name who answered).
 */
export function useEvaluationSurveys(kind: MonitorTargetKind | null) {
  const list = useResourceList(evaluationSurveys, { limit: 100, filter_groups: [{ filters: [{ key: 'type', value: 'evaluation' }] }] });
  const rows = (list.data?.data ?? []).filter((s) => !s.settings?.anonymous && (!kind || !s.target_kind || s.target_kind === kind));
  return { loading: list.isLoading, options: rows.map((s) => ({ value: String(s.id), label: s.title })) };
}

/** Active agents of the company, as supervisors. */
export function useSupervisorOptions() {
  const list = useResourceList(agentsResource, { limit: 100, filter_groups: [{ filters: [{ key: 'status', value: 'active' }] }] });
  return (list.data?.data ?? []).map((a) => ({ value: String(a.id), label: agentName(a) }));
}
