/// <reference types="vite/client" />
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@app/contracts/constants';
import type { NotificationData } from '@mantine/notifications';
import { notifications, notificationsStore } from '@mantine/notifications';
import { createElement, type MouseEvent, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import './toast.css';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface ToastInput {
  title?: ReactNode;
  message: ReactNode;
  /** In-app path of the related object; adds a "Consulter" link. */
  href?: string;
  tone?: ToastTone;
}

/** Props of the single <Notifications> container, per section 9. */
export const TOAST_CONTAINER_PROPS = {
  position: 'top-right',
  limit: TOAST_LIMIT,
  autoClose: TOAST_DURATION_MS,
} as const;

// The container (app/Toasts.tsx) loads after the first page and only then tells the store its
// limit; toasts shown before would be split by Mantine's default of 5. Set here, where every toast starts.
notificationsStore.updateState((current) => ({ ...current, limit: TOAST_LIMIT, defaultPosition: TOAST_CONTAINER_PROPS.position }));

const TONE_COLORS: Record<ToastTone, string> = { info: 'blue', success: 'teal', warning: 'yellow', error: 'red' };

// The container sits outside the router, so links navigate through a function the
// app registers at start-up instead of a <Link>.
let navigateTo: ((href: string) => void) | null = null;
let sequence = 0;

export function setToastNavigator(navigate: ((href: string) => void) | null): void {
  navigateTo = navigate;
}

function renderMessage(id: string, message: ReactNode, href?: string): ReactNode {
  if (!href) return message;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Keep new-tab and modified clicks native; a plain click stays in the SPA.
    if (!navigateTo || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    notifications.hide(id);
    navigateTo(href);
  };
  const link = createElement('a', { href, onClick, className: 'app-toast__link' }, i18n.t('common:consult'));
  return createElement('span', null, message, createElement('br'), link);
}

/** Notification options for a toast; exported so tests can check them without rendering. */
export function toastOptions(input: ToastInput): NotificationData & { id: string } {
  sequence += 1;
  const id = `toast-${sequence}`;
  return {
    id,
    title: input.title,
    message: renderMessage(id, input.message, input.href),
    position: TOAST_CONTAINER_PROPS.position,
    autoClose: TOAST_DURATION_MS,
    withCloseButton: false,
    icon: undefined,
    color: TONE_COLORS[input.tone ?? 'info'],
    // Mantine lists higher priority first: a growing number puts the newest on top
    // and, past the limit, queues older toasts rather than newer ones.
    priority: sequence,
    classNames: { root: 'app-toast', title: 'app-toast__title', description: 'app-toast__description' },
  };
}

/** Shows a toast (3.5 s, top right, newest on top, no icon, no close button). */
export function showToast(input: ToastInput): string {
  return notifications.show(toastOptions(input));
}
