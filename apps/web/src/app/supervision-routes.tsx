import { WEB_ROUTES } from '@app/contracts/routes';
import type { RouteObject } from 'react-router';
import { supervisionPaths } from '../features/supervision/supervision-api';
import { guarded } from './nav';

/** Loads a supervision screen together with its texts, so it never renders untranslated keys. */
function page<T>(load: () => Promise<T>, pick: (module: T) => React.ComponentType) {
  return async () => {
    const [{ loadSupervisionI18n }, module] = await Promise.all([import('../features/supervision/supervision-i18n'), load()]);
    await loadSupervisionI18n();
    return { Component: pick(module) };
  };
}

/**
 * Supervision (section 2): the business list of monitors, the monitor's conversation
 * (`conversations/activity/{monitor}[/{details}]`, ranked above the generic conversations route by
 * its static segment) and the activities timeline.
 */
export const supervisionRoutes: RouteObject[] = [
  {
    path: supervisionPaths.monitorsPattern,
    ...guarded(
      { access: 'signedIn', name: 'business.monitors', roles: ['agent'], company: true, permission: { objects: 'monitors', action: 'list' } },
      { id: 'monitors', group: 'business', icon: 'supervision', params: { action: 'view' } },
    ),
    lazy: page(() => import('../features/supervision/monitors/MonitorsPage'), (m) => m.MonitorsPage),
  },
  ...[supervisionPaths.conversationPattern, supervisionPaths.conversationDetailsPattern].map((path) => ({
    path,
    ...guarded({ access: 'signedIn', name: 'conversations.activity', roles: ['agent'], company: true, permission: { objects: 'monitors', action: 'show' } }),
    lazy: page(() => import('../features/supervision/monitors/MonitorConversationPage'), (m) => m.MonitorConversationPage),
  })),
  {
    // Any agent: their own day. The page ships its texts in every language (it must open offline).
    path: supervisionPaths.workdayPattern,
    ...guarded({ access: 'signedIn', name: 'workday', roles: ['agent'] }, { id: 'workday', group: 'business', icon: 'forms' }),
    lazy: async () => ({ Component: (await import('../features/supervision/workday/WorkdayPage')).WorkdayPage }),
  },
  {
    path: WEB_ROUTES.activities,
    ...guarded(
      { access: 'signedIn', name: 'activities', roles: ['agent'], company: true, permission: { objects: 'activities', action: 'list' } },
      { id: 'activities', group: 'business', icon: 'activities' },
    ),
    lazy: page(() => import('../features/supervision/activities/ActivitiesPage'), (m) => m.ActivitiesPage),
  },
];
