import { createContext } from 'react';

/** One step of a breadcrumb trail. */
export interface Crumb {
  label: string;
  /** In-app path; the last crumb (the current page) has none. */
  to?: string;
}

/**
 * Set by the application shell: a page's trail (below its navigation entry) goes to the
 * shell's breadcrumb bar instead of being drawn twice. Absent outside the shell.
 */
export const PageCrumbsContext = createContext<((crumbs: readonly Crumb[]) => void) | null>(null);
