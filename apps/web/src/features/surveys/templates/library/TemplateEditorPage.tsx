import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { updateResource } from '../../../../lib/resource/resource';
import { useCurrentSession } from '../../../../lib/session/use-session';
import { showToast } from '../../../../lib/toast';
import { useConfirm } from '../../../../ui/ConfirmDialog';
import { DetailPage } from '../../../../ui/detail/DetailPage';
import { buildStructure } from '../../builder/builder-logic';
import { SurveyBuilder } from '../../builder/SurveyBuilder';
import { SurveyPreview } from '../../builder/SurveyPreview';
import { useInvalidateSurveys, useTemplate } from '../../survey-queries';
import { useTplLibT } from './library-i18n';
import { type LibraryTemplate, type TemplateInput, templatesResource } from './library.api';
import { TemplateForm } from './TemplateForm';
import { TemplateStateBadge } from './TemplateStateBadge';
import { useChangeTemplateState } from './use-template-state';

/** Every builder action is open to the platform's team on its own templates. */
const ADMIN_CAN = () => true;

/**
 * `mnt/templates/{action}/{template}`: a platform template in the companies' survey
 * builder (steps, questions, conditions), its preview, its details and its state.
 */
export function TemplateEditorPage() {
  const t = useTplLibT();
  const { template: id } = useParams();
  const template = useTemplate(id);
  const data = template.data as LibraryTemplate | undefined;
  const [confirm, dialog] = useConfirm();
  const change = useChangeTemplateState();
  const invalidate = useInvalidateSurveys();
  const { sid } = useCurrentSession();
  const [stepId, setStepId] = useState<number | null>(null);
  const structure = useMemo(() => (data ? buildStructure(data) : []), [data]);
  const state = data?.template_state ?? 'published';

  const retire = async () => {
    if (!data) return;
    const { confirmed } = await confirm({ message: t('confirm.retire', { title: data.title }), confirmLabel: t('action.retire') });
    if (confirmed) await change.run(data.id, 'retired');
  };
  const save = async (input: TemplateInput) => {
    await updateResource(templatesResource, Number(id), input);
    await invalidate();
    showToast({ message: t('done.saved'), tone: 'success' });
  };

  return (
    <>
      {dialog}
      <DetailPage
        title={data?.title ?? t('title')}
        breadcrumbs={[{ label: data?.title ?? '…' }]}
        query={template}
        notFound={t('editor.notFound')}
        description={data ? <TemplateStateBadge state={data.template_state} /> : null}
        actions={
          data ? (
            <Group gap="xs">
              {state !== 'published' ? (
                <Button onClick={() => change.run(data.id, 'published')} loading={change.pending} data-testid="template-publish">
                  {t('action.publish')}
                </Button>
              ) : (
                <Button variant="default" color="orange" onClick={retire} loading={change.pending} data-testid="template-retire">
                  {t('action.retire')}
                </Button>
              )}
              {state !== 'draft' ? (
                <Button variant="subtle" onClick={() => change.run(data.id, 'draft')} data-testid="template-to-draft">
                  {t('action.draft')}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
        tabs={
          data
            ? [
                {
                  value: 'content',
                  label: t('editor.tabContent'),
                  content: (
                    <>
                      {state === 'draft' ? (
                        <Alert color="gray" mb="sm">
                          {t('editor.publishHint')}
                        </Alert>
                      ) : null}
                      <SurveyBuilder survey={data} can={ADMIN_CAN} confirm={confirm} withSettings={false} />
                    </>
                  ),
                },
                {
                  value: 'preview',
                  label: t('editor.tabPreview'),
                  content:
                    structure.length > 0 ? (
                      <SurveyPreview title={data.title} structure={structure} stepId={stepId ?? structure[0].id} onStepChange={setStepId} />
                    ) : (
                      <Paper withBorder p="xl">
                        <Text c="dimmed" ta="center">
                          {t('editor.noPreview')}
                        </Text>
                      </Paper>
                    ),
                },
                { value: 'details', label: t('editor.tabDetails'), content: <TemplateForm key={`${sid}:${data.updated_at}`} template={data} submitLabel={t('form.submitSave')} onSubmit={save} /> },
              ]
            : []
        }
      />
    </>
  );
}
