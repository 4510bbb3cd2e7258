import type { ListMeta } from '@app/contracts/envelope';
import type { ActivityFilter, ActivityView, CreateMonitorInput, MonitorView, ReportView, UpdateMonitorInput } from '@app/contracts/supervision';
import { api } from '../../lib/api-client';
import { defineResource } from '../../lib/resource/resource';
import { inSession } from '../../lib/session/session-id';
import { downloadApiFile } from '../surveys/api/download';
import type { RoomDetail } from '../messaging/messaging.api';

/** Rows of API.md "Supervision" as the screens use them. */
export const monitorsResource = defineResource<MonitorView, CreateMonitorInput, UpdateMonitorInput>('monitors');
export const reportsResource = defineResource<ReportView>('reports');

/** Cache keys of the timeline (live report events refresh them). */
export const supervisionKeys = {
  all: ['supervision'] as const,
  activities: (scope: string, filter: Partial<ActivityFilter>) => ['supervision', scope, 'activities', filter] as const,
  chatroom: (scope: string, monitorId: number) => ['supervision', scope, 'chatroom', monitorId] as const,
};

/** Filters as the address and the API read them (empty values left out). */
export type ActivityQuery = Partial<Record<keyof ActivityFilter, string | number>>;

function clean(filter: ActivityQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '' && v !== null).map(([k, v]) => [k, String(v)]));
}

/** GET activities: a page of the company's timeline. */
export async function fetchActivities(filter: ActivityQuery, signal?: AbortSignal): Promise<{ data: ActivityView[]; meta?: ListMeta }> {
  const { data, meta } = await api.request<ActivityView[]>('GET', 'activities', { query: clean(filter), signal });
  return { data: data ?? [], meta };
}

/** GET logs/export/xlsx with the same filters (no paging): saved by the browser. */
export function downloadActivityLog(filter: ActivityQuery): Promise<string> {
  const { page: _page, limit: _limit, ...rest } = filter;
  return downloadApiFile('logs/export/xlsx', { query: clean(rest), fallbackName: 'journal-activites.xlsx' });
}

/** POST monitors/{id}/chatroom: the monitor's conversation (opened on first use). */
export function openMonitorChatroom(monitorId: number): Promise<RoomDetail> {
  return api.post<RoomDetail>(`monitors/${monitorId}/chatroom`, {});
}

/** Addresses of the supervision screens (section 2). */
export const supervisionPaths = {
  monitorsPattern: '/:sessionID/business/:action/monitors',
  conversationPattern: '/:sessionID/conversations/activity/:monitor',
  /** Section 2's `{type}/{id}/{details}` for an activity: the same monitor's page (never a chatroom id). */
  conversationDetailsPattern: '/:sessionID/conversations/activity/:monitor/:details',
  /** "Ma journée": the agent's day, opened offline too (issue 21). */
  workdayPattern: '/:sessionID/workday',
  workday: (sid: string) => inSession(sid, '/workday'),
  monitors: (sid: string) => inSession(sid, '/business/view/monitors'),
  activities: (sid: string) => inSession(sid, '/activities'),
  /** `conversations/activity/{monitor}?t={kind}&u={agent}`. */
  conversation: (sid: string, m: Pick<MonitorView, 'id' | 'target_kind' | 'agent_id'>) =>
    `${inSession(sid, `/conversations/activity/${m.id}`)}?t=${m.target_kind}&u=${m.agent_id}`,
};
