import { useContext, useEffect } from 'react';
import { Breadcrumbs } from './PageHeader';
import { type Crumb, PageCrumbsContext } from './page-crumbs';

/**
 * A page's breadcrumb trail for pages that do not use PageHeader: inside the shell it
 * joins the shell's bar (section › entry › this trail) and draws nothing here; outside
 * it is drawn in place. Give only the levels below the page's navigation entry.
 */
export function PageBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  const setShellCrumbs = useContext(PageCrumbsContext);
  const trail = JSON.stringify(items);
  useEffect(() => {
    if (!setShellCrumbs) return;
    setShellCrumbs(JSON.parse(trail) as Crumb[]);
    return () => setShellCrumbs([]);
  }, [setShellCrumbs, trail]);
  return setShellCrumbs ? null : <Breadcrumbs items={items} />;
}
