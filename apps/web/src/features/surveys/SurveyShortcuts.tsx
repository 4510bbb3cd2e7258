import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconListDetails, IconPlus, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { rolesOf } from '../../lib/session/account-model';
import type { StoredAccount } from '../../lib/session/account.types';
import { accountCan } from './survey-abilities';
import { questionsPath, surveysPath, templatesPath } from './survey-paths';
import { useSurveysT } from './surveys-i18n';

/** The business home's way into the survey screens, showing only what the account may open. */
export function SurveyShortcuts({ account }: { account: StoredAccount }) {
  const { t } = useSurveysT();
  const agent = rolesOf(account).has('agent');
  const canSurveys = agent && accountCan(account, 'surveys.show');
  const canTemplates = accountCan(account, 'templates.show');
  if (!canSurveys && !canTemplates) return null;
  const sid = account.sid;
  return (
    <Card withBorder padding="lg" data-testid="survey-shortcuts">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('list.subtitle')}
        </Text>
        <Group gap="xs">
          {canSurveys ? (
            <Button component={Link} to={surveysPath(sid)} leftSection={<IconClipboardList size={16} />} data-testid="open-surveys">
              {t('nav.surveys')}
            </Button>
          ) : null}
          {canSurveys && accountCan(account, 'surveys.create') ? (
            <Button component={Link} to={surveysPath(sid, null, 'new')} variant="light" leftSection={<IconPlus size={16} />}>
              {t('list.create')}
            </Button>
          ) : null}
          {canTemplates ? (
            <Button component={Link} to={templatesPath(sid)} variant="default" leftSection={<IconTemplate size={16} />}>
              {t('nav.templates')}
            </Button>
          ) : null}
          {agent && accountCan(account, 'questions.list') ? (
            <Button component={Link} to={questionsPath(sid)} variant="default" leftSection={<IconListDetails size={16} />}>
              {t('nav.questions')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
