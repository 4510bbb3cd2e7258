import { isPeopleType, type PeopleType } from '@app/contracts/company';
import { Anchor, Card, Group, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { defineResource } from '../../../lib/resource/resource';
import { useResource } from '../../../lib/resource/use-resource';
import { useCurrentSession } from '../../../lib/session/use-session';
import { personPath } from '../../tenancy/company-paths';
import { surveyPath } from '../../surveys/survey-paths';
import { agentName, agentsResource, groupsResource, workspacesResource } from '../structure-resources';
import { useStructureT } from '../structure-i18n';
import { structurePath } from '../structure-paths';

/** The sub-pages of a site's page (section 2: `sites/{site}/groups[/{group}]`, ...), each a tab. */
export type SiteSection = 'groups' | 'surveys' | 'workspaces' | 'people';

/** The tab of the site's page a sub-path opens (`{type}` of people: the agents tab). */
export const SITE_TAB_OF_SECTION: Record<SiteSection, string> = { groups: 'groups', surveys: 'surveys', workspaces: 'workspaces', people: 'agents' };

const surveysResource = defineResource<{ id: number; title: string; type: string }>('surveys');

interface Focused {
  name: string | undefined;
  href: string | undefined;
  failed: boolean;
}

/** The item a sub-path names (`groups/{group}`, `surveys/{survey}`, `workspaces/{workspace}`, `{type}/{user}`). */
function useFocused(section: SiteSection): Focused | null {
  const params = useParams();
  const { sid } = useCurrentSession();
  const id = (key: string) => (params[key] && /^\d+$/.test(params[key]!) ? Number(params[key]) : null);
  const group = useResource(groupsResource, section === 'groups' ? id('group') : null);
  const workspace = useResource(workspacesResource, section === 'workspaces' ? id('workspace') : null);
  const survey = useResource(surveysResource, section === 'surveys' ? id('survey') : null);
  const person = useResource(agentsResource, section === 'people' ? id('user') : null);
  const type: PeopleType = isPeopleType(params.type) ? params.type : 'agents';
  switch (section) {
    case 'groups':
      return id('group') === null ? null : { name: group.data?.name, href: group.data ? structurePath.group(sid, group.data.id) : undefined, failed: group.isError };
    case 'workspaces':
      return id('workspace') === null
        ? null
        : { name: workspace.data?.name, href: workspace.data ? structurePath.workspace(sid, workspace.data.id) : undefined, failed: workspace.isError };
    case 'surveys':
      return id('survey') === null ? null : { name: survey.data?.title, href: survey.data ? surveyPath(sid, survey.data) : undefined, failed: survey.isError };
    case 'people':
      return id('user') === null
        ? null
        : { name: person.data ? agentName(person.data) : undefined, href: person.data ? personPath(sid, type, person.data.id) : undefined, failed: person.isError };
  }
}

/** Above the tab's list: the item the address names, with a link to its own page. */
export function SiteFocus({ section }: { section: SiteSection }) {
  const t = useStructureT();
  const focused = useFocused(section);
  if (!focused) return null;
  return (
    <Card withBorder padding="sm" data-testid="site-focus">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed">
            {t('sites.focus.title')}
          </Text>
          <Text fw={600} data-testid="site-focus-name">
            {focused.failed ? t('sites.focus.missing') : (focused.name ?? '…')}
          </Text>
        </div>
        {focused.href ? (
          <Anchor component={Link} to={focused.href} size="sm">
            {t('sites.focus.open')}
          </Anchor>
        ) : null}
      </Group>
    </Card>
  );
}
