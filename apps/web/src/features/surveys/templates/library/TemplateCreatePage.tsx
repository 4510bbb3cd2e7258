import { useNavigate } from 'react-router';
import { createResource } from '../../../../lib/resource/resource';
import { useCurrentSession } from '../../../../lib/session/use-session';
import { showToast } from '../../../../lib/toast';
import { PageHeader } from '../../../../ui/PageHeader';
import { useInvalidateSurveys } from '../../survey-queries';
import { useTplLibT } from './library-i18n';
import { templatesResource } from './library.api';
import { libraryPaths } from './library-paths';
import { TemplateForm } from './TemplateForm';

/** `mnt/templates/new`: a platform template's details; its steps and questions come next, in the builder. */
export function TemplateCreatePage() {
  const t = useTplLibT();
  const { sid } = useCurrentSession();
  const navigate = useNavigate();
  const invalidate = useInvalidateSurveys();
  return (
    <>
      <PageHeader title={t('form.newTitle')} breadcrumbs={[{ label: t('form.newTitle') }]} />
      <TemplateForm
        submitLabel={t('form.submitCreate')}
        onSubmit={async (input) => {
          const created = await createResource(templatesResource, input);
          await invalidate();
          showToast({ message: t('done.created'), tone: 'success' });
          navigate(libraryPaths.template(sid, created.id));
        }}
      />
    </>
  );
}
