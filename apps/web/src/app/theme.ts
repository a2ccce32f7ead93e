import { createTheme, type FileInputProps, type ModalProps, type SelectProps } from '@mantine/core';
import { i18n } from '../lib/i18n/index';

/**
 * spec 000 §9 breakpoints 768, 992, 1200 px. Component defaults give every modal close button
 * and input clear button an accessible name, once, for the whole app. They are plain objects,
 * not `Modal.extend(…)` (an identity function): importing the components here would put Modal,
 * Select and FileInput with their popover machinery into the entry chunk (issue 5 web targets).
 */
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
  components: {
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': i18n.t('common.dismiss') } } satisfies Partial<ModalProps>,
    },
    FileInput: {
      defaultProps: { clearButtonProps: { 'aria-label': i18n.t('common.clear') } } satisfies Partial<FileInputProps>,
    },
    Select: {
      defaultProps: { clearButtonProps: { 'aria-label': i18n.t('common.clear') } } satisfies Partial<SelectProps>,
    },
  },
});

/**
 * Mantine's default "dimmed" grey, error red and placeholder grey fail WCAG AA contrast on
 * white; use darker shades everywhere.
 */
export const cssVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-placeholder': '#6c737a',
    // filled red (buttons such as "Start" an emergency state, badges) at the primary shade is
    // #f03e3e: white text on it is 3.9:1 (axe color-contrast, issue 29 §3); red 9 is 5.4:1
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#a61e1e',
  },
  dark: {},
});
