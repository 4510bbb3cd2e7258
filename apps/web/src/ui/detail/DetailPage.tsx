import { Drawer, Group, ScrollArea, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader, type PageHeaderProps } from '../PageHeader';
import { QueryState } from '../QueryState';

export interface DetailTab {
  /** The `?tab=` value. */
  value: string;
  label: string;
  content: ReactNode;
  icon?: ReactNode;
  /** Left out (e.g. a permission the person lacks) rather than shown disabled. */
  hidden?: boolean;
}

export const TAB_QUERY = 'tab';

/**
 * The open tab, kept in `?tab=` (section 2, action view: moving within the page only
 * updates the tab query). Without `?tab=`, the tab the address names (`fallback`, e.g.
 * `sites/{site}/groups`); an unknown or hidden tab falls back to the first one.
 */
export function useTabQuery(values: readonly string[], fallback?: string): [string, (value: string) => void] {
  const [search, setSearch] = useSearchParams();
  const asked = search.get(TAB_QUERY) ?? fallback;
  const current = asked && values.includes(asked) ? asked : (values[0] ?? '');
  const select = (value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(TAB_QUERY, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [current, select];
}

export interface DetailPageProps extends PageHeaderProps {
  /** The row's load, for the skeleton and the error (404 → `notFound`). */
  query?: { isPending: boolean; error: unknown; refetch?: () => unknown };
  notFound?: string;
  tabs?: readonly DetailTab[];
  /** The tab open when the address has no `?tab=` (a sub-path naming a tab). */
  defaultTab?: string;
  /** Content above the tabs, or the whole body without tabs. */
  children?: ReactNode;
}

/**
 * A record's page: breadcrumbs, title, actions, then its content or tabs synced with
 * `?tab=`. While the record loads the header waits with a skeleton below it.
 */
export function DetailPage({ query, notFound, tabs, defaultTab, children, ...header }: DetailPageProps) {
  const visible = (tabs ?? []).filter((tab) => !tab.hidden);
  const [tab, setTab] = useTabQuery(
    visible.map((item) => item.value),
    defaultTab,
  );
  return (
    <Stack gap="md">
      <PageHeader {...header} />
      <QueryState isPending={query?.isPending ?? false} error={query?.error} onRetry={query?.refetch ? () => void query.refetch?.() : undefined} notFound={notFound}>
        {children}
        {visible.length ? (
          <Tabs value={tab} onChange={(value) => value && setTab(value)} keepMounted={false}>
            <ScrollArea type="never" offsetScrollbars={false}>
              <Tabs.List style={{ flexWrap: 'nowrap' }}>
                {visible.map((item) => (
                  <Tabs.Tab key={item.value} value={item.value} leftSection={item.icon} data-testid={`tab-${item.value}`}>
                    {item.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </ScrollArea>
            {visible.map((item) => (
              <Tabs.Panel key={item.value} value={item.value} pt="md">
                {item.content}
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : null}
      </QueryState>
    </Stack>
  );
}

export interface DetailDrawerProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Buttons at the bottom (save, delete...), kept in view while the content scrolls. */
  actions?: ReactNode;
  children: ReactNode;
  size?: string | number;
}

/**
 * The drawer variant: a record opened beside its list (from the right; the whole screen
 * on phones), closed with Escape or the close button, focus returning to the opener.
 */
export function DetailDrawer({ opened, onClose, title, actions, children, size = 'lg' }: DetailDrawerProps) {
  const { t } = useTranslation('kit');
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer opened={opened} onClose={onClose} title={title} position="right" size={phone ? '100%' : size} closeButtonProps={{ 'aria-label': t('close') }} data-testid="detail-drawer">
      <Stack gap="md">
        {children}
        {actions ? (
          <Group justify="flex-end" gap="xs" style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', paddingBlock: 8 }}>
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Drawer>
  );
}
