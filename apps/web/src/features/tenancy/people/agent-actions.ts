import { useResourceMutation } from '../../../lib/resource/use-resource';
import { actOnResource, deleteResource } from '../../../lib/resource/resource';
import type { RowAction } from '../../../ui/list/list.types';
import { useCompanyT } from '../company-i18n';
import { useCan } from '../use-can';
import { type AgentRow, agentsResource, PEOPLE_LISTS, personName } from '../tenancy.resources';

/**
 * Suspend, reactivate and remove an agent, each behind its permission and a
 * confirmation for the destructive ones; never offered on one's own membership.
 */
export function useAgentActions(selfUserId: number | undefined, onRemoved?: () => void) {
  const { t } = useCompanyT();
  const can = useCan();
  const invalidates = PEOPLE_LISTS;
  const suspend = useResourceMutation(agentsResource, (id: number) => actOnResource(agentsResource, id, 'suspend'), { invalidates });
  const activate = useResourceMutation(agentsResource, (id: number) => actOnResource(agentsResource, id, 'activate'), { invalidates });
  const remove = useResourceMutation(agentsResource, (id: number) => deleteResource(agentsResource, id), { invalidates, onSuccess: onRemoved });
  const self = (row: AgentRow) => row.user_id === selfUserId;
  const actions: RowAction<AgentRow>[] = [
    {
      label: t('suspend'),
      color: 'orange',
      hidden: (row) => self(row) || row.status !== 'active' || !can('agents', 'changestate'),
      confirm: (row) => ({ message: t('suspendConfirm', { name: personName(row) }), confirmLabel: t('suspend'), color: 'orange' }),
      onClick: (row) => suspend.mutateAsync(row.id),
    },
    {
      label: t('reactivate'),
      hidden: (row) => self(row) || row.status !== 'suspended' || !can('agents', 'changestate'),
      onClick: (row) => activate.mutateAsync(row.id),
    },
    {
      label: t('remove'),
      color: 'red',
      hidden: (row) => self(row) || !can('agents', 'delete'),
      confirm: (row) => ({ message: t('removeConfirm', { name: personName(row) }), confirmLabel: t('remove') }),
      onClick: (row) => remove.mutateAsync(row.id),
    },
  ];
  return actions;
}
