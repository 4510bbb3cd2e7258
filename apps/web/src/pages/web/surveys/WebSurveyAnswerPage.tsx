import { Anchor, Group, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { readLinkContext } from '../../../answer/public-link';
import { createApiTransport } from '../../../features/collection/answering/api-transport';
import { useAnsweringT } from '../../../features/collection/answering/answering-i18n';
import { SurveyAnswerHost } from '../../../features/collection/answering/SurveyAnswerHost';
import { useOutboxQueue } from '../../../features/collection/answering/use-outbox';
import { workdayKeyOf } from '../../../features/supervision/workday/use-workday';
import { keptDefinition } from '../../../features/supervision/workday/workday-store';
import { useCurrentSession } from '../../../lib/session/use-session';
import { useDocumentTitle } from '../../../lib/document-title.hook';
import { participationsPath, surveysPath } from './survey-paths';

/**
 * `/{sid}/web/surveys/{type}/{id}`: answering signed in. The contribution page is type
 * `contribution` with the survey code as id and `?participation=` (section 2).
 */
export function WebSurveyAnswerPage() {
  const { t } = useAnsweringT();
  const { sessionID: sid = '', type = 'contribution', id = '' } = useParams();
  const { search } = useLocation();
  const link = useMemo(() => readLinkContext(search), [search]);
  const { account } = useCurrentSession();
  // The account's own credentials on every call, and its one outbox (shared with the
  // background sender of the frame), so a visit made offline goes exactly once.
  const dayKey = account ? workdayKeyOf(account) : null;
  const transport = useMemo(() => createApiTransport(sid, { keptDefinition: (code) => (dayKey ? keptDefinition(dayKey, code) : Promise.resolve(null)) }), [sid, dayKey]);
  const queue = useOutboxQueue(account) ?? undefined;
  const [title, setTitle] = useState<string>();
  useDocumentTitle(title);
  return (
    <Stack gap="xs" data-testid="web-survey-answer">
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to={surveysPath(sid)} size="sm">
          {t('backToSurveys')}
        </Anchor>
        <Anchor component={Link} to={participationsPath(sid, id, type)} size="sm">
          {t('seeParticipations')}
        </Anchor>
      </Group>
      <SurveyAnswerHost code={id} link={link} sessionId={sid} transport={transport} queue={queue} onTitle={setTitle} />
    </Stack>
  );
}
