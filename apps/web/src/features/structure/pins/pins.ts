import { canDo } from '@app/contracts/permissions';
import { api } from '../../../lib/api-client';
import { defineResource, type Resource } from '../../../lib/resource/resource';
import { useResourceMutation } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import type { RowAction } from '../../../ui/list/list.types';

/** What may be pinned (API.md "Pins"): the `type` of `POST pins`. */
export type PinType = 'sites' | 'workspaces' | 'groups' | 'audiences' | 'pointerests' | 'contacts' | 'surveys';

/** One pin as `GET pins` answers it: the object's name and, for a survey, its type. */
export interface PinRow {
  id: number;
  pinnable_type: PinType;
  pinnable_id: number;
  label: string;
  kind: string | null;
  created_at: string;
}

/** Rows of pinnable resources carry `pinned` for the signed-in user; pinned rows come first. */
export interface Pinnable {
  id: number;
  pinned?: boolean;
}

export const pinsResource = defineResource<PinRow>('pins');

/**
 * Pins or unpins a row of `resource`, then refreshes its lists (the pinned rows move
 * first) and the dashboard's pins.
 */
export function usePinToggle(type: PinType, resource: Resource<any, any, any>) {
  const { account } = useCurrentSession();
  const mutation = useResourceMutation<{ id: number; pinned: boolean }, unknown>(
    pinsResource,
    ({ id, pinned }) => (pinned ? api.post(`pins/${type}/${id}/me/delete`) : api.post('pins', { type, id })),
    { invalidates: [resource] },
  );
  const allowed = account ? { pin: canDo(account.permissions, 'pins', 'create'), unpin: canDo(account.permissions, 'pins', 'delete') } : { pin: false, unpin: false };
  return { mutation, allowed };
}

/** The "Épingler" / "Retirer l'épingle" entries of a list's row menu. */
export function pinRowActions<T extends Pinnable>(toggle: ReturnType<typeof usePinToggle>, labels: { pin: string; unpin: string }): RowAction<T>[] {
  const actions: RowAction<T>[] = [];
  if (toggle.allowed.pin) actions.push({ label: labels.pin, hidden: (row) => Boolean(row.pinned), onClick: (row) => toggle.mutation.mutateAsync({ id: row.id, pinned: false }) });
  if (toggle.allowed.unpin) actions.push({ label: labels.unpin, hidden: (row) => !row.pinned, onClick: (row) => toggle.mutation.mutateAsync({ id: row.id, pinned: true }) });
  return actions;
}
