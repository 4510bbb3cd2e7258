import { PAGE_SIZE_TEMPLATES } from '@app/contracts/constants';
import { Badge, Button, Card, EmptyState, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTemplate } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { pageCount } from '../../collection/participations/participations-query';
import { useCan } from '../survey-abilities';
import { templatePath } from '../survey-paths';
import { useTemplates } from '../survey-queries';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { QueryState } from '../../../ui/QueryState';
import { UseTemplateModal } from './UseTemplateModal';
import { commercePaths } from '../../commerce/commerce-paths';
import { useTplLibT } from './library/library-i18n';
import { PageBreadcrumbs } from '../../../ui/PageBreadcrumbs';
import { CategorySelect } from '../../reference/categories/CategorySelect';
import { TemplateSearchField } from './TemplateSearchField';
import { templateListQuery, useTemplateCategoryIds } from './template-query';
import { PageNumbers } from '../../../ui/list/PageNumbers';

/** Section 9: templates are listed 10 a page, from page 0. */
const PAGE_SIZE = PAGE_SIZE_TEMPLATES;

/** Templates the company may start from: its own and the platform's, searchable, by pages. */
export function TemplateList({ sid }: { sid: string }) {
  const { t } = useSurveysT();
  const tl = useTplLibT();
  const can = useCan();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 350);
  const [category, setCategory] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [using, setUsing] = useState<Survey | null>(null);
  useDocumentTitle(t('templates.title'));
  const categoryIds = useTemplateCategoryIds(category);
  const query = useMemo(() => templateListQuery(page, debounced, categoryIds), [page, debounced, categoryIds]);
  const templates = useTemplates(query);
  const rows = templates.data?.data ?? [];
  const pages = pageCount(templates.data?.meta?.total, PAGE_SIZE, page, templates.data?.meta?.has_more ?? false);

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
        <TemplateSearchField
          value={text}
          onChange={(value) => {
            setText(value);
            setPage(0);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <CategorySelect
          type="template"
          label={tl('filter.category')}
          placeholder={tl('picker.allCategories')}
          value={category}
          onChange={(id) => {
            setCategory(id);
            setPage(0);
          }}
          w={{ base: '100%', sm: 280 }}
          data-testid="template-list-category"
        />
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
