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
    // Wide tables scroll in the browser's own container: Mantine's scroll area re-draws itself
    // several times as it measures (a long task on a slow phone under the homes' latest
    // participations, issue 23). Focusable for the same reason as above.
    TableScrollContainer: { defaultProps: { type: 'native', tabIndex: 0 } },
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
 * Background of the "filled" variant (buttons, filled badges), in both schemes: white text on
 * Mantine's shade 8 (light) or 6 (dark) is below 4.5:1 for blue, teal, green, orange, yellow...;
 * the shade 9 darkened by a quarter keeps it for every colour (axe color-contrast).
 */
const FILLED_BACKGROUND = (color: string, black: number) => `color-mix(in srgb, var(--mantine-color-${color}-9) ${100 - black}%, black)`;

/** The filled variant's variables of every colour but the neutral ones, and of the primary colour. */
function filledVariables(colors: readonly string[], primaryColor: string): Record<string, string> {
  return {
    ...Object.fromEntries(
      colors
        .filter((color) => color !== 'dark' && color !== 'gray')
        .flatMap((color) => [
          [`--mantine-color-${color}-filled`, FILLED_BACKGROUND(color, 25)],
          [`--mantine-color-${color}-filled-hover`, FILLED_BACKGROUND(color, 40)],
        ]),
    ),
    '--mantine-primary-color-filled': FILLED_BACKGROUND(primaryColor, 25),
    '--mantine-primary-color-filled-hover': FILLED_BACKGROUND(primaryColor, 40),
  };
}

/** Colours that keep axe's 4.5:1 (color-contrast) in both schemes: dimmed text, errors, links, variants. */
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
    ...filledVariables(Object.keys(resolved.colors), resolved.primaryColor),
  },
  dark: {
    // Mantine's dark.2 (#828282) is 3.9:1 on the dark body (dark.7, #242424): the side
    // navigation's group labels and every dimmed text failed axe color-contrast. #a0a0a0 keeps
    // 5.8:1 there and 5.2:1 on dark.6 (#2e2e2e: inputs, hovered rows), still below the text's
    // dark.0; the light entries' dark look uses the same grey (auth/auth.css --auth-dimmed).
    '--mantine-color-dimmed': '#a0a0a0',
    // Field errors: Mantine's dark red.8 is 3.2:1 on #242424, red.4 (#ff8787, the light entries' too) 6.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // White on the primary button: Mantine's dark shade 6 is 3.6:1 for blue ("Créer l'entreprise").
    ...filledVariables(Object.keys(resolved.colors), resolved.primaryColor),
  },
});
