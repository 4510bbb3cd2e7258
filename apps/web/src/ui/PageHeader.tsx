import { Anchor, Breadcrumbs as MantineBreadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.hook';
import { type Crumb, PageCrumbsContext } from './page-crumbs';

export type { Crumb };

/** The path to the page: crumbs with a `to` are links; the last one is the current page (aria-current). */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation('kit');
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('breadcrumbs')}>
      <MantineBreadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 2 }}>
        {items.map((crumb, index) =>
          crumb.to ? (
            <Anchor key={`${crumb.label}|${crumb.to}`} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key={`${crumb.label}|current`} size="sm" c="dimmed" aria-current={index === items.length - 1 ? 'page' : undefined}>
              {crumb.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  /** The tab's title when `title` is not plain text. */
  documentTitle?: string;
  description?: ReactNode;
  /**
   * The trail below the page's navigation entry (the shell adds the entry itself and
   * draws the trail in its breadcrumb bar; outside the shell it shows above the title).
   */
  breadcrumbs?: readonly Crumb[];
  /** The page's primary actions, top right (they wrap under the title on phones). */
  actions?: ReactNode;
}

/** Title row of every kit page: breadcrumbs, the one h1, a description and the actions. */
export function PageHeader({ title, documentTitle, description, breadcrumbs, actions }: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : ''));
  const setShellCrumbs = useContext(PageCrumbsContext);
  const trail = JSON.stringify(breadcrumbs ?? []);
  useEffect(() => {
    if (!setShellCrumbs) return;
    setShellCrumbs(JSON.parse(trail) as Crumb[]);
    return () => setShellCrumbs([]);
  }, [setShellCrumbs, trail]);
  return (
    <Stack gap={4}>
      {breadcrumbs?.length && !setShellCrumbs ? <Breadcrumbs items={breadcrumbs} /> : null}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? (
          <Group gap="xs" wrap="wrap" data-testid="page-actions">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Stack>
  );
}
