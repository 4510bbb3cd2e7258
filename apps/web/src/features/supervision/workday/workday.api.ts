import type { WorkdayView } from '@app/contracts/workday';
import { api } from '../../../lib/api-client';

/** GET workday: the agent's day, whole (API.md "Supervision"). */
export function fetchWorkday(signal?: AbortSignal): Promise<WorkdayView> {
  return api.get<WorkdayView>('workday', { signal });
}
