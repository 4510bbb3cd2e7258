import { PAGE_SIZE_APPROVALS } from '@app/contracts/constants';
import { SegmentedControl, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { useResourceMutation } from '../../../lib/resource/use-resource';
import { showToast } from '../../../lib/toast';
import { formatDateTime } from '../../../ui/format';
import { ListPage } from '../../../ui/list/ListPage';
import type { ListColumn } from '../../../ui/list/list.types';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useCompanyT } from '../company-i18n';
import { type ApprovalRow, approvalsResource, PEOPLE_LISTS, personName } from '../tenancy.resources';
import { useCan } from '../use-can';

type Tab = 'pending' | 'decided';

const PENDING = { filter_groups: [{ or: false, filters: [{ key: 'status', operator: 'eq' as const, value: 'pending', not: false }] }] };
const DECIDED = { filter_groups: [{ or: false, filters: [{ key: 'status', operator: 'eq' as const, value: 'pending', not: true }] }] };

/**
 * `business/{action}/approvals`: requests to decide (10 a page, newest first) and the
 * validations already made (who was decided on, when, with which reason).
 */
export function ApprovalsPage() {
  const { t } = useCompanyT();
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'decided' ? 'decided' : 'pending';
  const validate = useResourceMutation(
    approvalsResource,
    (input: { id: number; action: 'approve' | 'reject'; comment: string }) =>
      api.post<ApprovalRow>('approvals/validate', { id: input.id, action: input.action, comment: input.comment || null }),
    { invalidates: PEOPLE_LISTS, onSuccess: (row) => showToast({ message: t(row.status === 'approved' ? 'approved' : 'rejected'), tone: 'success' }) },
  );
  const who = (row: ApprovalRow) => personName(row.approvalable);
  const columns: ListColumn<ApprovalRow>[] = [
    { id: 'who', header: t('name'), primary: true, cell: who },
    { id: 'type', header: t('status'), cell: (row) => t(`type_${row.approvalable_type}`, { defaultValue: t('type_join_request') }) },
    { id: 'job', header: t('jobTitle'), hideOnCard: false, cell: (row) => row.approvalable.job ?? '—' },
    { id: 'message', header: t('message'), hideOnCard: true, cell: (row) => <Text size="sm" lineClamp={2}>{row.approvalable.message ?? '—'}</Text> },
    { id: 'created', header: t('since'), sortKey: 'created_at', cell: (row) => formatDateTime(row.created_at) },
    ...(tab === 'decided'
      ? [
          { id: 'status', header: t('status'), cell: (row: ApprovalRow) => <StatusBadge status={row.status} /> },
          { id: 'decided', header: t('decidedTab'), cell: (row: ApprovalRow) => formatDateTime(row.decided_at) },
          { id: 'comment', header: t('reason'), cell: (row: ApprovalRow) => row.comment ?? '—' },
        ]
      : []),
  ];
  const canDecide = can('approvals', 'validate');
  return (
    <ListPage<ApprovalRow>
      key={tab}
      title={t('approvalsTitle')}
      description={
        <SegmentedControl
          value={tab}
          onChange={(value) => setSearch(value === 'decided' ? { tab: 'decided' } : {})}
          data={[
            { value: 'pending', label: t('pendingTab') },
            { value: 'decided', label: t('decidedTab') },
          ]}
          data-testid="approvals-tabs"
        />
      }
      resource={approvalsResource}
      testId="approvals"
      searchable={false}
      query={tab === 'pending' ? PENDING : DECIDED}
      pageSize={PAGE_SIZE_APPROVALS}
      defaultSort={{ key: 'created_at', direction: 'desc' }}
      empty={{ title: tab === 'pending' ? t('noApproval') : t('noDecision') }}
      columns={columns}
      rowLabel={who}
      rowActions={
        tab === 'pending' && canDecide
          ? [
              {
                label: t('approve'),
                color: 'teal',
                confirm: (row) => ({ message: t('approveConfirm', { name: who(row) }), confirmLabel: t('approve'), color: 'teal', commentLabel: t('reason') }),
                onClick: (row, comment) => validate.mutateAsync({ id: row.id, action: 'approve', comment: comment ?? '' }),
              },
              {
                label: t('reject'),
                color: 'red',
                confirm: (row) => ({ message: t('rejectConfirm', { name: who(row) }), confirmLabel: t('reject'), commentLabel: t('reason') }),
                onClick: (row, comment) => validate.mutateAsync({ id: row.id, action: 'reject', comment: comment ?? '' }),
              },
            ]
          : undefined
      }
    />
  );
}
