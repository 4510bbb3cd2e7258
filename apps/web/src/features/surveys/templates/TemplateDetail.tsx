import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { buildStructure } from '../builder/builder-logic';
import { SurveyPreview } from '../builder/SurveyPreview';
import { useCan } from '../survey-abilities';
import { useTemplate } from '../survey-queries';
import { useSurveysT } from '../surveys-i18n';
import { QueryState } from '../../../ui/QueryState';
import { UseTemplateModal } from './UseTemplateModal';
import { PageBreadcrumbs } from '../../../ui/PageBreadcrumbs';

/** A template's content, previewed step by step, with the button that starts a draft from it. */
export function TemplateDetail({ sid, templateId }: { sid: string; templateId: string }) {
  const { t } = useSurveysT();
  const can = useCan();
  const template = useTemplate(templateId);
  const [using, setUsing] = useState(false);
  const [stepId, setStepId] = useState<number | null>(null);
  const structure = useMemo(() => (template.data ? buildStructure(template.data) : []), [template.data]);
  useDocumentTitle(template.data?.title ?? t('nav.templates'));

  return (
    <QueryState isPending={template.isPending} error={template.error} onRetry={() => void template.refetch()} notFound={t('templates.notFound')}>
      {template.data ? (
        <Stack data-testid="template-detail">
          <PageBreadcrumbs items={[{ label: template.data.title }]} />
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={1} size="h2">
                {template.data.title}
              </Title>
              <Group gap={6} mt={4}>
                <Badge variant="light" color={template.data.company_id === null ? 'grape' : 'blue'}>
                  {template.data.company_id === null ? t('templates.platform') : t('templates.own')}
                </Badge>
                <Badge variant="outline" color="gray">
                  {t(`type.${template.data.type}`)}
                </Badge>
                {template.data.premium ? <Badge color="yellow">{t('templates.premium')}</Badge> : null}
              </Group>
              {template.data.description ? (
                <Text size="sm" c="dimmed" mt="xs">
                  {template.data.description}
                </Text>
              ) : null}
            </div>
            {can('surveys.create') ? (
              <Button onClick={() => setUsing(true)} data-testid="use-template">
                {t('templates.use')}
              </Button>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('builder.stats', {
              steps: structure.length,
              questions: structure.reduce((n, s) => n + s.questions.length, 0),
              required: structure.reduce((n, s) => n + s.questions.filter((q) => q.required).length, 0),
              conditional: structure.reduce((n, s) => n + s.questions.filter((q) => q.condition != null).length, 0),
            })}
          </Text>
          {structure.length > 0 ? (
            <SurveyPreview title={template.data.title} structure={structure} stepId={stepId ?? structure[0].id} onStepChange={setStepId} />
          ) : null}
          <UseTemplateModal sid={sid} template={using ? template.data : null} onClose={() => setUsing(false)} />
        </Stack>
      ) : null}
    </QueryState>
  );
}
