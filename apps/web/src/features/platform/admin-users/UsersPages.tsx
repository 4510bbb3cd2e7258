import { SIGNED_IN_FILTERS, USER_STATUSES, USER_TYPES, type AdminUserRow, type UserType } from '@app/contracts/admin-platform';
import { Badge, SegmentedControl } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { StatusBadge } from '../../../ui/StatusBadge';
import { formatDateTime } from '../../../ui/format';
import type { ListColumn } from '../../../ui/list/list.types';
import { AdminList } from './AdminList';
import { adminPaths } from '../../administration/admin-paths';
import { useAdminPlatformT } from './admin-platform-i18n';
import { adminUsersApi } from './admin-users.api';
import { CompanyCategoryFilter } from './CompanyCategoryFilter';
import { useCompanyPicker } from './use-company-options';

function isUserType(value: string | undefined): value is UserType {
  return (USER_TYPES as readonly string[]).includes(value ?? '');
}

/** mnt/users/{action} and mnt/users/{action}/{type}: every account, or those of one type. */
export function UsersListPage() {
  const { t } = useAdminPlatformT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const { type } = useParams();
  const chosenType = isUserType(type) ? type : null;
  const picker = useCompanyPicker();
  const fixed = useMemo(() => (chosenType ? { type: chosenType } : {}), [chosenType]);
  const columns: ListColumn<AdminUserRow>[] = [
    { id: 'name', header: t('users.name'), cell: (u) => u.name || u.email || u.phone || `#${u.id}`, primary: true },
    { id: 'email', header: t('users.email'), cell: (u) => u.email ?? '—' },
    { id: 'phone', header: t('users.phone'), cell: (u) => (u.phone ? `${u.phone}${u.phone_verified_at ? ' ✓' : ''}` : '—'), hideOnCard: true },
    { id: 'type', header: t('users.type'), cell: (u) => <Badge variant="light">{t(`users.types.${u.type}`)}</Badge> },
    { id: 'status', header: t('common.status'), cell: (u) => <StatusBadge status={u.status} /> },
    { id: 'companies', header: t('users.companies'), cell: (u) => u.companies_count, align: 'right' },
    { id: 'last', header: t('users.lastSignIn'), cell: (u) => (u.last_sign_in_at ? formatDateTime(u.last_sign_in_at) : t('common.never')), hideOnCard: true },
  ];
  const title = chosenType ? t(`users.titleByType.${chosenType}`) : t('users.title');
  return (
    <AdminList<AdminUserRow>
      key={chosenType ?? 'all'}
      title={title}
      actions={
        <SegmentedControl
          data-testid="user-type-switch"
          value={chosenType ?? 'all'}
          onChange={(value) => navigate(value === 'all' ? adminPaths.users(sid) : adminPaths.usersByType(sid, value))}
          data={[{ value: 'all', label: t('users.allTypes') }, ...USER_TYPES.map((value) => ({ value, label: t(`users.titleByType.${value}`) }))]}
        />
      }
      queryKey="admin/users"
      fetch={adminUsersApi.list}
      fixed={fixed}
      columns={columns}
      searchPlaceholder={t('users.searchPlaceholder')}
      filters={[
        { key: 'company_id', label: t('common.company'), options: picker.options, searchable: true, before: <CompanyCategoryFilter value={picker.categoryId} onChange={picker.setCategoryId} testId="admin-user" /> },
        { key: 'status', label: t('common.status'), options: USER_STATUSES.map((value) => ({ value, label: t(`users.statuses.${value}`) })) },
        { key: 'signed_in', label: t('users.lastSignIn'), options: SIGNED_IN_FILTERS.map((value) => ({ value, label: t(`users.signedIn.${value}`) })) },
        { key: 'phone_validated', label: t('users.phoneValidated'), options: [{ value: 'yes', label: t('common.yes') }, { value: 'no', label: t('common.no') }] },
      ]}
      rowHref={(u) => adminPaths.user(sid, u.type, u.id)}
      rowLabel={(u) => u.name || u.email || String(u.id)}
      testId="admin-user"
    />
  );
}
