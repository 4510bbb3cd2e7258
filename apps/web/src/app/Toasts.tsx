import { Notifications } from '@mantine/notifications';
import { TOAST_CONTAINER_PROPS } from '../lib/toast';

/**
 * The toasts' container (section 9). Its own chunk: with its transitions, swipe and scroll
 * lock it weighs about 9 KB gzipped that the sign-in page does not need before its form.
 * Toasts shown before it arrives wait in Mantine's store and appear when it mounts.
 */
export function Toasts() {
  return <Notifications {...TOAST_CONTAINER_PROPS} />;
}
