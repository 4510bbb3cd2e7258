import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useResourceMutation } from '../../../../lib/resource/use-resource';
import { updateResource } from '../../../../lib/resource/resource';
import { useCurrentSession } from '../../../../lib/session/use-session';
import { ListPage } from '../../../../ui/list/ListPage';
import { useTplLibT } from './library-i18n';
import { type LibraryTemplate, templatesResource, usePremiumPackages } from './library.api';
import { libraryPaths } from './library-paths';
import { TemplateStateBadge } from './TemplateStateBadge';

const PREMIUM_ONLY = {
  includes: ['category'],
  filter_groups: [
    {
      filters: [
        { key: 'company_id', operator: 'eq' as const, value: null },
        { key: 'premium', operator: 'eq' as const, value: true },
      ],
    },
  ],
};

/** The packages that open premium templates, named (or the hint to add the feature to one). */
function PremiumPackages() {
  const t = useTplLibT();
  const packages = usePremiumPackages();
  return (
    <Paper withBorder p="md" radius="md" data-testid="premium-packages">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('premium.packages')}
        </Title>
        {packages.data && packages.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('premium.noPackage')}
          </Text>
        ) : (
          <Group gap="xs">
            {(packages.data ?? []).map((p) => (
              <Badge key={p.id} color="yellow" variant="light" size="lg">
                {p.name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** `mnt/surveys/{action}/premium`: the templates reserved to packages with the premium templates feature. */
export function PremiumTemplatesPage() {
  const t = useTplLibT();
  const { sid } = useCurrentSession();
  const unmark = useResourceMutation(templatesResource, (id: number) => updateResource(templatesResource, id, { premium: false }));
  return (
    <Stack>
      <ListPage<LibraryTemplate>
        title={t('premium.title')}
        description={t('premium.subtitle')}
        resource={templatesResource}
        testId="premium-template"
        query={PREMIUM_ONLY}
        searchPlaceholder={t('search')}
        defaultSort={{ key: 'title', direction: 'asc' }}
        rowHref={(row) => libraryPaths.template(sid, row.id)}
        rowLabel={(row) => row.title}
        empty={{ title: t('premium.empty') }}
        columns={[
          { id: 'title', header: t('col.title'), cell: (row) => row.title, sortKey: 'title', primary: true },
          { id: 'category', header: t('col.category'), cell: (row) => row.category?.name ?? '—' },
          { id: 'state', header: t('col.state'), cell: (row) => <TemplateStateBadge state={row.template_state} /> },
        ]}
        rowActions={[
          {
            label: t('premium.unmark'),
            onClick: (row) => unmark.mutateAsync(row.id),
            confirm: (row) => ({ message: t('premium.unmarkConfirm', { title: row.title }), confirmLabel: t('premium.unmark') }),
          },
        ]}
      />
      <PremiumPackages />
    </Stack>
  );
}
