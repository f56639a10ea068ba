import { createTheme, type MantineColorsTuple, localStorageColorSchemeManager } from '@mantine/core';

/** Theme choice is kept in local storage under `ui_theme` (spec §9); dark is the default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'ui_theme' });

const brand: MantineColorsTuple = [
  '#e7f3ff',
  '#d0e3ff',
  '#a0c4fb',
  '#6da4f7',
  '#4288f3',
  '#2777f2',
  '#166ef2',
  '#055dd8',
  '#0052c2',
  '#0047ac',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Table: {
      defaultProps: { verticalSpacing: 'xs', horizontalSpacing: 'sm', fz: 'sm', highlightOnHover: true },
    },
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { shadow: 'xs' } },
    NavLink: {
      defaultProps: { variant: 'light' },
      styles: { root: { borderRadius: 'var(--mantine-radius-md)' } },
    },
    TextInput: { defaultProps: { size: 'sm' } },
    PasswordInput: { defaultProps: { size: 'sm' } },
  },
});
