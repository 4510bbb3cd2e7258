import type { TemplateState } from '@app/contracts/surveys';
import { showError } from '../../../../lib/show-error';
import { showToast } from '../../../../lib/toast';
import { useResourceAction } from '../../../../lib/resource/use-resource';
import type { RowAction } from '../../../../ui/list/list.types';
import { useInvalidateSurveys } from '../../survey-queries';
import { useTplLibT } from './library-i18n';
import { type LibraryTemplate, templatesResource } from './library.api';

/** POST templates/{id}/changestate, toasting the new state; the survey screens' cache refetches too. */
export function useChangeTemplateState() {
  const t = useTplLibT();
  const invalidateSurveys = useInvalidateSurveys();
  const change = useResourceAction<LibraryTemplate>(templatesResource, 'changestate');
  return {
    pending: change.isPending,
    run: async (id: number, state: TemplateState) => {
      try {
        await change.mutateAsync({ id, body: { state } });
        await invalidateSurveys();
        showToast({ message: t(`done.${state}`), tone: 'success' });
      } catch (error) {
        showError(error);
      }
    },
  };
}

/** The row actions moving a template between draft, published and retired (retiring asks first). */
export function useTemplateStateActions(): RowAction<LibraryTemplate>[] {
  const t = useTplLibT();
  const change = useChangeTemplateState();
  const stateOf = (row: LibraryTemplate) => row.template_state ?? 'published';
  return [
    { label: t('action.publish'), onClick: (row) => change.run(row.id, 'published'), hidden: (row) => stateOf(row) === 'published' },
    {
      label: t('action.retire'),
      onClick: (row) => change.run(row.id, 'retired'),
      hidden: (row) => stateOf(row) !== 'published',
      confirm: (row) => ({ message: t('confirm.retire', { title: row.title }), confirmLabel: t('action.retire') }),
    },
    { label: t('action.draft'), onClick: (row) => change.run(row.id, 'draft'), hidden: (row) => stateOf(row) === 'draft' },
  ];
}
