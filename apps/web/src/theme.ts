import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
  type PaginationProps,
  type TableScrollContainerProps,
} from "@mantine/core";
import { t } from "./lib/i18n";

/** The look and feel (decision 0014): primary green, secondary blue, error pink, Poppins. */
export const secondaryColor = "blue";
export const errorColor = "pink";

/** A palette with its darkest shades replaced (shades 0 to 9). */
const withDarkShades = (name: string, dark: Record<number, string>): MantineColorsTuple =>
  DEFAULT_THEME.colors[name]?.map((shade, index) => dark[index] ?? shade) as unknown as MantineColorsTuple;

/**
 * Contrast (WCAG 2.2 AA, docs/accessibility.md): the brand green keeps its light shades (6 is #40c057) and
 * gets darker 7 to 9, so that filled buttons (white on 7, 5.4:1), links and green text (7 on white, 5.4:1)
 * and light badges (9 on 1, 7.2:1) reach 4.5:1. Yellow and teal get a darker 9 for their light badges'
 * text, orange a darker 7 to 9 (its outline badges too); filled buttons pick black or white text by
 * themselves (autoContrast).
 */
const colors = {
  green: withDarkShades("green", { 7: "#237a35", 8: "#1e6b2f", 9: "#185a27" }),
  yellow: withDarkShades("yellow", { 9: "#8f4f00" }),
  orange: withDarkShades("orange", { 7: "#b8430c", 8: "#a63d0b", 9: "#8f340a" }),
  teal: withDarkShades("teal", { 9: "#077354" }),
  // Filled and outline blue and red (shade 7) carry white text, or are text on white: 5:1.
  blue: withDarkShades("blue", { 7: "#1971c2", 8: "#1864ab", 9: "#145591" }),
  red: withDarkShades("red", { 7: "#d42a2a", 8: "#c92a2a", 9: "#a61e1e" }),
};

export const theme = createTheme({
  primaryColor: "green",
  primaryShade: { light: 7, dark: 7 },
  colors,
  autoContrast: true,
  respectReducedMotion: true,
  fontFamily: "Poppins, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "Poppins, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif" },
  // Breakpoints: sm 544, md 768, lg 992, xl 1200 px (xs only has to sit below sm).
  breakpoints: { xs: "30em", sm: "34em", md: "48em", lg: "62em", xl: "75em" },
  defaultRadius: "md",
  other: { secondaryColor, errorColor },
  components: {
    // A table wider than the screen scrolls: keyboard users reach it with Tab and scroll it with the arrows.
    // (defaultProps as a function: read at render, in the language shown.)
    TableScrollContainer: {
      defaultProps: (): Partial<TableScrollContainerProps> => ({
        scrollAreaProps: {
          viewportProps: { tabIndex: 0, role: "region", "aria-label": t("a11y.scrollableTable") },
        },
      }),
    },
    // The icon-only controls (first, previous, next, last page) get names.
    Pagination: {
      defaultProps: (): Partial<PaginationProps> => ({
        getControlProps: (control) => ({ "aria-label": t(`a11y.pagination.${control}`) }),
      }),
    },
  },
});

// Inputs and error texts read --mantine-color-error; point it at pink instead of Mantine's red.
// Dimmed texts (secondary lines, table captions) are darker in light and lighter in dark than Mantine's
// gray 6 and dark 2, to reach 4.5:1 on the body, cards and gray backgrounds; placeholders too (4.8:1).
// The heat map's color (analytics' retention) is light in light and dark in dark, under the usual text.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-error": "var(--mantine-color-pink-7)",
    "--mantine-color-dimmed": "#5f6770",
    "--mantine-color-placeholder": "#6b7280",
    "--rewards-heat-color": "var(--mantine-color-teal-4)",
  },
  dark: {
    "--mantine-color-error": "var(--mantine-color-pink-5)",
    "--mantine-color-dimmed": "#adadad",
    "--mantine-color-placeholder": "#9a9a9a",
    "--rewards-heat-color": "#055139",
  },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: "rewards-color-scheme" });
