import { canDo } from '@app/contracts/permissions';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPin, IconPinFilled } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCacheScope } from '../../../lib/resource/use-resource';
import { showError } from '../../../lib/show-error';
import { useCurrentSession } from '../../../lib/session/use-session';
import { surveyKeys, useSurveyScope } from '../survey-queries';
import { useSurveysT } from '../surveys-i18n';

/**
 * Pins or unpins a survey for the signed-in user (`POST pins`); pinned surveys come
 * first in the list (the API orders them) and show on the business home's "Épinglés".
 */
export function SurveyPinToggle({ survey }: { survey: { id: number; pinned?: boolean } }) {
  const { t } = useSurveysT();
  const { account } = useCurrentSession();
  const client = useQueryClient();
  const surveyScope = useSurveyScope();
  const resourceScope = useCacheScope();
  const pinned = Boolean(survey.pinned);
  const toggle = useMutation({
    mutationFn: () => (pinned ? api.post(`pins/surveys/${survey.id}/me/delete`) : api.post('pins', { type: 'surveys', id: survey.id })),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: surveyKeys.all(surveyScope) }), client.invalidateQueries({ queryKey: ['resource', resourceScope, 'pins'] })]),
    onError: showError,
  });
  const allowed = account ? canDo(account.permissions, 'pins', pinned ? 'delete' : 'create') : false;
  if (!allowed) return null;
  const label = pinned ? t('list.unpin') : t('list.pin');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={pinned ? 'orange' : 'gray'}
        aria-label={label}
        aria-pressed={pinned}
        loading={toggle.isPending}
        onClick={() => toggle.mutate()}
        data-testid="survey-pin"
      >
        {pinned ? <IconPinFilled size={16} /> : <IconPin size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
