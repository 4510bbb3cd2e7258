import { useTranslation } from 'react-i18next';
import type { NavItem } from '../nav';
import { Breadcrumbs } from '../../ui/PageHeader';
import type { Crumb } from '../../ui/page-crumbs';

interface ShellBreadcrumbsProps {
  active: NavItem | null;
  pathname: string;
  /** The page's own trail, below its navigation entry (PageHeader `breadcrumbs`). */
  pageCrumbs: readonly Crumb[];
}

/**
 * Section › entry › the page's trail. Shown once a page lies below a navigation entry
 * (a record, a sub-page), where there is somewhere to go back to; a page outside every
 * entry shows its own trail.
 */
export function ShellBreadcrumbs({ active, pathname, pageCrumbs }: ShellBreadcrumbsProps) {
  const { t } = useTranslation('nav');
  // A page outside every entry (a conversation) shows its own trail only.
  if (!active) return pageCrumbs.length ? <Breadcrumbs items={pageCrumbs} /> : null;
  if (pathname === active.href && pageCrumbs.length === 0) return null;
  const trail: Crumb[] = [{ label: t(`groups.${active.group}`) }, { label: t(`items.${active.id}`, { defaultValue: active.id }), to: active.href }, ...pageCrumbs];
  return <Breadcrumbs items={trail} />;
}
