// First: Mantine's stylesheets must precede any of ours.
import './mantine-styles';
import { MantineProvider } from '@mantine/core';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { WhenIdle } from '../lib/when-idle';
import { cssVariablesResolver, theme } from './theme';

/** Section 9: GET results stay fresh for 30 minutes; the client retries itself. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30 * 60 * 1000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals so tests see the DOM at once. */
  env?: 'default' | 'test';
}

const defaultQueryClient = createQueryClient();

// Loaded after the first page: the sign-in form must not wait for it (issue 23, budgets).
const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

/**
 * The theme with what depends on the language: the name of every close button (dialogs,
 * drawers, alerts, clearable inputs) (an icon alone has no name: axe button-name), in the language shown.
 */
function useLocalizedTheme() {
  const { t } = useTranslation('kit');
  const close = t('close');
  return useMemo(
    () => ({
      ...theme,
      components: {
        ...theme.components,
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        // Every other close button (alerts, clearable inputs, pills) too.
        CloseButton: { defaultProps: { 'aria-label': close } },
      },
    }),
    [close],
  );
}

function ThemedProviders({ children, env }: { children: ReactNode; env: 'default' | 'test' }) {
  const { t } = useTranslation('kit');
  return (
    <MantineProvider theme={useLocalizedTheme()} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" env={env}>
      <NavigationProgress size={3} aria-label={t('pageLoading')} />
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ children, queryClient = defaultQueryClient, env = 'default' }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedProviders env={env}>
          <WhenIdle>
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          </WhenIdle>
          {children}
        </ThemedProviders>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
