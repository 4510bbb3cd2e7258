import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` (48em): the shell's navigation is a drawer, its display tools move into the account menu. */
export const PHONE_LAYOUT_QUERY = '(max-width: 47.99em)';

/**
 * Whether the shell is laid out for a phone, read at the first render rather than after an
 * effect: a phone then never builds the desktop's parts first (the drawer's forty links, the
 * header's language select) only to throw them away, which cost the home's first render.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_QUERY, undefined, { getInitialValueInEffect: false });
}
