import { createTheme } from '@mantine/core';

/** spec 000 §9 breakpoints 768, 992, 1200 px. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  colors: {
    blue: [
      '#e7f1fb',
      '#cfe2f6',
      '#9dc4ec',
      '#69a5e2',
      '#3f8ad9',
      '#2579d4',
      '#1c6fb8',
      '#135ea5',
      '#075393',
      '#004781',
    ],
  },
  primaryShade: 7,
});

/** Mantine's default "dimmed" grey fails WCAG AA contrast on white; use a darker grey everywhere. */
export const cssVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
