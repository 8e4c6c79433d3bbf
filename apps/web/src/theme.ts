import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager } from "@mantine/core";

/** The look and feel (decision 0014): primary green, secondary blue, error pink, Poppins. */
export const secondaryColor = "blue";
export const errorColor = "pink";

export const theme = createTheme({
  primaryColor: "green",
  primaryShade: { light: 7, dark: 6 },
  fontFamily: "Poppins, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "Poppins, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif" },
  // Breakpoints: sm 544, md 768, lg 992, xl 1200 px (xs only has to sit below sm).
  breakpoints: { xs: "30em", sm: "34em", md: "48em", lg: "62em", xl: "75em" },
  defaultRadius: "md",
  other: { secondaryColor, errorColor },
});

// Inputs and error texts read --mantine-color-error; point it at pink instead of Mantine's red.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-error": "var(--mantine-color-pink-7)" },
  dark: { "--mantine-color-error": "var(--mantine-color-pink-5)" },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: "rewards-color-scheme" });
