import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { QueryState } from '../../../ui/QueryState';
import { commercePaths } from '../../commerce/commerce-paths';
import type { Survey } from '../survey.types';
import { useSurveysT } from '../surveys-i18n';
import { useTplLibT } from './library/library-i18n';
import { TemplateSearchField } from './TemplateSearchField';
import { TemplateCategoryFilter } from './TemplateCategoryFilter';
import { useTemplateSearch } from './use-template-search';
import { PageNumbers } from '../../../ui/list/PageNumbers';
import { useLabelValue } from '../../../ui/LabelValue';

/**
 * "Partir d'un modèle" inside the new-survey dialog: the company's and the platform's
 * templates, searched and filtered by template category. A premium template the
 * company's package does not open is shown with its badge and the way to upgrade
 * instead of the button (the API refuses it anyway: 403 `premium_required`).
 */
export function TemplatePicker({ sid, onPick }: { sid: string; onPick: (template: Survey) => void }) {
  const { t } = useSurveysT();
  const tl = useTplLibT();
  const labelValue = useLabelValue();
  const { text, setText, category, setCategory, page, setPage, templates, rows, pages } = useTemplateSearch();

  return (
    <Stack data-testid="template-picker">
      <Group grow align="flex-end" wrap="wrap">
        <TemplateSearchField value={text} onChange={setText} data-autofocus />
        <TemplateCategoryFilter value={category} onChange={setCategory} data-testid="template-picker-category" />
      </Group>
      <QueryState isPending={templates.isPending} error={templates.error} onRetry={() => void templates.refetch()}>
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {tl('picker.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((template) => (
              <Card key={template.id} component="li" withBorder padding="sm" data-testid="picker-template">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text fw={600}>{template.title}</Text>
                      <Badge variant="light" color={template.company_id === null ? 'grape' : 'blue'} size="xs">
                        {template.company_id === null ? t('templates.platform') : t('templates.own')}
                      </Badge>
                      {template.premium ? (
                        <Badge color="yellow" size="xs" data-testid="picker-premium">
                          {tl('picker.premiumBadge')}
                        </Badge>
                      ) : null}
                    </Group>
                    {template.description ? (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {template.description}
                      </Text>
                    ) : null}
                    {template.premium_locked ? (
                      <Text size="xs" c="dimmed">
                        {tl('picker.premiumLocked')}{' '}
                        <Anchor component={Link} to={commercePaths.packages(sid)} size="xs" data-testid="picker-upgrade">
                          {tl('picker.upgrade')}
                        </Anchor>
                      </Text>
                    ) : null}
                  </Stack>
                  {template.premium_locked ? null : (
                    <Button size="xs" variant="light" onClick={() => onPick(template)} data-testid="picker-choose" aria-label={labelValue(tl('picker.preview'), template.title)}>
                      {tl('picker.preview')}
                    </Button>
                  )}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        {pages > 1 ? (
          <Group justify="center">
            <PageNumbers size="sm" total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} />
          </Group>
        ) : null}
      </QueryState>
    </Stack>
  );
}
