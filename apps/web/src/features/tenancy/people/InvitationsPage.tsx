import { Button } from '@mantine/core';
import { useState } from 'react';
import { actOnResource } from '../../../lib/resource/resource';
import { useResourceMutation } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toast';
import { formatDate, formatDateTime } from '../../../ui/format';
import { ListPage } from '../../../ui/list/ListPage';
import type { ListColumn } from '../../../ui/list/list.types';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useCompanyT } from '../company-i18n';
import { peoplePath } from '../company-paths';
import { type InvitationRow, invitationsResource, personName } from '../tenancy.resources';
import { useCan } from '../use-can';
import { InviteModal } from './InviteModal';

const nameOf = (row: InvitationRow) => personName({ ...row.datas, email: row.email, phone: row.phone });

/** `business/{action}/invitations`: invitations sent by the company; resend or cancel the pending ones. */
export function InvitationsPage() {
  const { t } = useCompanyT();
  const { sid } = useCurrentSession();
  const can = useCan();
  const [inviting, setInviting] = useState(false);
  const resend = useResourceMutation(invitationsResource, (id: number) => actOnResource(invitationsResource, id, 'resend'), {
    onSuccess: () => showToast({ message: t('resent'), tone: 'success' }),
  });
  const cancel = useResourceMutation(invitationsResource, (id: number) => actOnResource(invitationsResource, id, 'cancel'), {
    onSuccess: () => showToast({ message: t('invitationCancelled'), tone: 'success' }),
  });
  const columns: ListColumn<InvitationRow>[] = [
    { id: 'name', header: t('name'), primary: true, cell: nameOf },
    { id: 'contact', header: t('contact'), cell: (row) => row.email ?? row.phone ?? '—' },
    { id: 'job', header: t('jobTitle'), cell: (row) => row.datas.job ?? '—' },
    { id: 'status', header: t('status'), cell: (row) => <StatusBadge status={row.status} /> },
    { id: 'sent', header: t('since'), sortKey: 'created_at', cell: (row) => formatDateTime(row.created_at) },
    { id: 'expires', header: t('expiresOn'), hideOnCard: true, sortKey: 'expires_at', cell: (row) => formatDate(row.expires_at) },
  ];
  const pending = (row: InvitationRow) => row.status === 'pending';
  return (
    <>
      <ListPage<InvitationRow>
        title={t('invitations')}
        breadcrumbs={[{ label: t('peopleTitle'), to: peoplePath(sid) }, { label: t('invitations') }]}
        resource={invitationsResource}
        testId="invitations"
        actions={
          can('invitations', 'create') ? (
            <Button onClick={() => setInviting(true)} data-testid="invite-open">
              {t('invite')}
            </Button>
          ) : null
        }
        filters={[
          {
            key: 'status',
            label: t('status'),
            options: ['pending', 'accepted', 'refused', 'cancelled', 'expired'].map((value) => ({ value, label: t(`istatus_${value}`) })),
          },
        ]}
        columns={columns}
        rowLabel={nameOf}
        rowActions={[
          { label: t('resend'), hidden: (row) => !pending(row) || !can('invitations', 'create'), onClick: (row) => resend.mutateAsync(row.id) },
          {
            label: t('cancelInvitation'),
            color: 'red',
            hidden: (row) => !pending(row) || !can('invitations', 'delete'),
            confirm: (row) => ({ message: t('cancelInvitationConfirm', { name: nameOf(row) }), confirmLabel: t('cancelInvitation') }),
            onClick: (row) => cancel.mutateAsync(row.id),
          },
        ]}
      />
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
