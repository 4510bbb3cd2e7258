import { Badge, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { useCan } from '../survey-abilities';
import { templatePath } from '../survey-paths';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { QueryState } from '../../../ui/QueryState';
import { UseTemplateModal } from './UseTemplateModal';
import { commercePaths } from '../../commerce/commerce-paths';
import { useTplLibT } from './library/library-i18n';
import { PageBreadcrumbs } from '../../../ui/PageBreadcrumbs';
import { TemplateSearchField } from './TemplateSearchField';
import { TemplateCategoryFilter } from './TemplateCategoryFilter';
import { useTemplateSearch } from './use-template-search';
import { PageNumbers } from '../../../ui/list/PageNumbers';

/** Templates the company may start from: its own and the platform's, searchable, by pages. */
export function TemplateList({ sid }: { sid: string }) {
  const { t } = useSurveysT();
  const tl = useTplLibT();
  const can = useCan();
  const { text, setText, category, setCategory, page, setPage, templates, rows, pages } = useTemplateSearch();
  const [using, setUsing] = useState<Survey | null>(null);
  useDocumentTitle(t('templates.title'));

  return (
    <Stack data-testid="template-list">
      <PageBreadcrumbs items={[]} />
      <div>
        <Title order={1} size="h2">
          {t('templates.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('templates.subtitle')}
        </Text>
      </div>
      <Group align="flex-end" wrap="wrap">
        <TemplateSearchField value={text} onChange={setText} w={{ base: '100%', sm: 320 }} />
        <TemplateCategoryFilter value={category} onChange={setCategory} w={{ base: '100%', sm: 280 }} data-testid="template-list-category" />
      </Group>
      <QueryState isPending={templates.isPending} error={templates.error} onRetry={() => void templates.refetch()}>
        {rows.length === 0 ? (
          <EmptyState icon={<IconTemplate size={28} />} title={t('templates.empty')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {rows.map((template) => (
              <Card key={template.id} withBorder padding="md" radius="md" data-testid="template-card">
                <Stack gap="xs" h="100%">
                  <Group gap={6}>
                    <Badge variant="light" color={template.company_id === null ? 'grape' : 'blue'} size="sm">
                      {template.company_id === null ? t('templates.platform') : t('templates.own')}
                    </Badge>
                    <Badge variant="outline" color="gray" size="sm">
                      {t(`type.${template.type}`)}
                    </Badge>
                    {template.premium ? (
                      <Badge color="yellow" size="sm">
                        {t('templates.premium')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text fw={600}>{template.title}</Text>
                  {template.description ? (
                    <Text size="sm" c="dimmed" lineClamp={3}>
                      {template.description}
                    </Text>
                  ) : null}
                  <Group mt="auto" gap="xs">
                    <Button component={Link} to={templatePath(sid, template.id)} variant="default" size="xs">
                      {t('templates.view')}
                    </Button>
                    {(template as Survey & { premium_locked?: boolean }).premium_locked ? (
                      <Button component={Link} to={commercePaths.packages(sid)} size="xs" variant="light" color="yellow" title={tl('picker.premiumLocked')} data-testid="template-upgrade">
                        {tl('picker.upgrade')}
                      </Button>
                    ) : can('surveys.create') ? (
                      <Button size="xs" onClick={() => setUsing(template)} data-testid="use-template">
                        {t('templates.use')}
                      </Button>
                    ) : null}
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
        {pages > 1 ? (
          <Group justify="center">
            <PageNumbers total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} />
          </Group>
        ) : null}
      </QueryState>
      <UseTemplateModal sid={sid} template={using} onClose={() => setUsing(null)} />
    </Stack>
  );
}
