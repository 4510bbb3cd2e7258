import { SURVEY_TYPES, TEMPLATE_STATES } from '@app/contracts/surveys';
import { Badge, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useDeleteResource } from '../../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../../lib/session/use-session';
import { formatDate } from '../../../../ui/format';
import { ListPage } from '../../../../ui/list/ListPage';
import { useTplLibT } from './library-i18n';
import { type LibraryTemplate, PLATFORM_ONLY, templatesResource, useTemplateCategories } from './library.api';
import { libraryPaths } from './library-paths';
import { TemplateStateBadge } from './TemplateStateBadge';
import { useTemplateStateActions } from './use-template-state';

/** `mnt/templates/view`: the platform's templates, searchable, filtered by state, type and category. */
export function TemplateLibraryPage() {
  const t = useTplLibT();
  const { sid } = useCurrentSession();
  const categories = useTemplateCategories();
  const remove = useDeleteResource(templatesResource);
  const stateActions = useTemplateStateActions();
  return (
    <ListPage<LibraryTemplate>
      title={t('title')}
      description={t('subtitle')}
      resource={templatesResource}
      testId="library-template"
      query={{ ...PLATFORM_ONLY, includes: ['category'] }}
      searchPlaceholder={t('search')}
      defaultSort={{ key: 'title', direction: 'asc' }}
      withTotal
      filters={[
        { key: 'template_state', label: t('filter.state'), options: TEMPLATE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })) },
        { key: 'survey_types', label: t('filter.type'), operator: 'ct', options: SURVEY_TYPES.map((s) => ({ value: s, label: t(`type.${s}`) })) },
        { key: 'category_id', label: t('filter.category'), options: (categories.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name })) },
      ]}
      rowHref={(row) => libraryPaths.template(sid, row.id)}
      rowLabel={(row) => row.title}
      actions={
        <Button component={Link} to={libraryPaths.create(sid)} data-testid="library-template-new">
          {t('create')}
        </Button>
      }
      empty={{ title: t('empty') }}
      columns={[
        { id: 'title', header: t('col.title'), cell: (row) => row.title, sortKey: 'title', primary: true },
        { id: 'category', header: t('col.category'), cell: (row) => row.category?.name ?? '—' },
        {
          id: 'types',
          header: t('col.types'),
          cell: (row) => (
            <Group gap={4}>
              {(row.survey_types.length ? row.survey_types : [row.type]).map((type) => (
                <Badge key={type} variant="outline" color="gray" size="sm">
                  {t(`type.${type}`)}
                </Badge>
              ))}
            </Group>
          ),
        },
        { id: 'state', header: t('col.state'), cell: (row) => <TemplateStateBadge state={row.template_state} />, sortKey: 'template_state' },
        { id: 'premium', header: t('col.premium'), cell: (row) => (row.premium ? <Badge color="yellow">{t('picker.premiumBadge')}</Badge> : '—'), hideOnCard: true },
        { id: 'updated', header: t('col.updated'), cell: (row) => formatDate(row.updated_at), sortKey: 'updated_at', hideOnCard: true },
      ]}
      rowActions={[
        ...stateActions,
        {
          label: t('action.delete'),
          color: 'red',
          onClick: (row) => remove.mutateAsync(row.id),
          confirm: (row) => ({ message: t('confirm.delete', { title: row.title }), confirmLabel: t('action.delete') }),
        },
      ]}
    />
  );
}
