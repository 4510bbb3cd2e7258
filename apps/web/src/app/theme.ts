import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * System font stack (Mantine's default): no web font to download, so no late
 * swap and no layout shift when text first paints. Shades are one step darker than
 * Mantine's defaults so text and buttons meet WCAG AA contrast (Lighthouse flagged
 * blue.6 and the dimmed gray on white).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Plain objects, not `ScrollArea.extend(...)`: importing the components here would put them
  // in the first load of every page, the sign-in page included.
  components: {
    // A scrolling region (wide tables, lists in popovers) is reachable and scrollable from
    // the keyboard (axe scrollable-region-focusable).
    ScrollArea: { defaultProps: { viewportProps: { tabIndex: 0 } } },
    // A labelled spinner is a status (an aria-label on a bare span is not announced: axe aria-prohibited-attr).
    Loader: { defaultProps: { role: 'status' } },
    // Mantine puts an empty focus target (role="presentation" with a tabindex) first in every
    // menu; inside role="menu" only menu items may be focusable (axe aria-required-children,
    // critical). Without it the menu focuses its first item on opening, as the ARIA menu
    // button pattern has it, and the arrows go on from there.
    // A closing menu goes at once: half faded, its text fails the contrast check (axe color-contrast).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false, transitionProps: { exitDuration: 0 } } },
  },
});

/**
 * Text of the "light" and "subtle" variants (badges, the current navigation entry, light
 * buttons) in light mode: Mantine's shade 6 on its 10 % tint is about 3:1; the shade 9
 * darkened by 30 % keeps 4.5:1 for every colour, yellow included (axe color-contrast).
 */
const LIGHT_VARIANT_TEXT = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`;

/**
 * Background of the "filled" variant (buttons, filled badges) in light mode: white text on
 * Mantine's shade 8 is below 4.5:1 for teal, green, orange, yellow...; the shade 9 darkened
 * by a quarter keeps it for every colour (axe color-contrast).
 */
const FILLED_BACKGROUND = (color: string, black: number) => `color-mix(in srgb, var(--mantine-color-${color}-9) ${100 - black}%, black)`;

/** Dimmed text (descriptions, hints) in a gray that keeps a 4.5:1 contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors and error borders: Mantine's red.6 is about 3.5:1 on white, red.9 above 5:1 (axe color-contrast).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Links keep 4.5:1 on tinted backgrounds too (an unread notification's light blue).
    '--mantine-color-anchor': LIGHT_VARIANT_TEXT(resolved.primaryColor),
    '--mantine-primary-color-light-color': LIGHT_VARIANT_TEXT(resolved.primaryColor),
    ...Object.fromEntries(Object.keys(resolved.colors).map((color) => [`--mantine-color-${color}-light-color`, LIGHT_VARIANT_TEXT(color)])),
    ...Object.fromEntries(
      Object.keys(resolved.colors)
        .filter((color) => color !== 'dark' && color !== 'gray')
        .flatMap((color) => [
          [`--mantine-color-${color}-filled`, FILLED_BACKGROUND(color, 25)],
          [`--mantine-color-${color}-filled-hover`, FILLED_BACKGROUND(color, 40)],
        ]),
    ),
    '--mantine-primary-color-filled': FILLED_BACKGROUND(resolved.primaryColor, 25),
    '--mantine-primary-color-filled-hover': FILLED_BACKGROUND(resolved.primaryColor, 40),
  },
  dark: {},
});
