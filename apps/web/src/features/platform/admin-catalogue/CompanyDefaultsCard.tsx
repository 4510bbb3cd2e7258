import type { SurveyTargetKind } from '@app/contracts/surveys';
import { Anchor, Badge, Card, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCurrentSession } from '../../../lib/session/use-session';
import { QueryState } from '../../../ui/QueryState';
import { catalogueApi } from './catalogue.api';
import { useAdminCatalogueT } from './catalogue-i18n';
import { cataloguePaths } from './catalogue-paths';

const SOURCE_COLOR = { company: 'blue', platform: 'grape', none: 'gray' } as const;

/**
 * On the admin company page (`companies/{action}/{company}/{type}/questions`): what the
 * company's new evaluation of this kind starts with, by the one rule of the API
 * (its own set, else the platform's), and a link to edit the platform's.
 */
export function CompanyDefaultsCard({ companyId, kind }: { companyId: number; kind: SurveyTargetKind }) {
  const { t } = useAdminCatalogueT();
  const { sid } = useCurrentSession();
  const effective = useQuery({ queryKey: ['admin/companies/defaults', sid, companyId, kind], queryFn: () => catalogueApi.companyDefaults(companyId, kind) });
  const data = effective.data;
  return (
    <Card withBorder padding="sm" data-testid="company-effective-defaults" data-source={data?.source ?? ''}>
      <QueryState isPending={effective.isPending} error={effective.error} onRetry={() => void effective.refetch()}>
        {data ? (
          <Stack gap="xs">
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{t('defaults.effectiveTitle')}</Text>
              <Badge color={SOURCE_COLOR[data.source]} variant="light">
                {t(`defaults.source.${data.source}`, { count: data.questions.length })}
              </Badge>
            </Group>
            {data.questions.length > 0 ? (
              <List type="ordered" size="sm">
                {data.questions.map((q) => (
                  <List.Item key={q.id}>{q.label}</List.Item>
                ))}
              </List>
            ) : null}
            <Anchor component={Link} to={cataloguePaths.defaults(sid, kind)} size="sm">
              {t('defaults.editPlatform')}
            </Anchor>
          </Stack>
        ) : null}
      </QueryState>
    </Card>
  );
}
