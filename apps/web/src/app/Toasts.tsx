import { useReducedMotion } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { TOAST_CONTAINER_PROPS } from '../lib/toast';

/**
 * The toasts' container (section 9). Its own chunk: with its transitions, swipe and scroll
 * lock it weighs about 9 KB gzipped that the sign-in page does not need before its form.
 * Toasts shown before it arrives wait in Mantine's store and appear when it mounts.
 */
export function Toasts() {
  // A person who asks for reduced motion gets toasts that appear and go without sliding or
  // fading (as menus and the map do), so a toast is never read half-faded.
  const reducedMotion = useReducedMotion();
  return <Notifications {...TOAST_CONTAINER_PROPS} transitionDuration={reducedMotion ? 0 : undefined} />;
}
