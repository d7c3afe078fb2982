/**
 * The site's look as MCP Apps style variables (`hostContext.styles.variables`), read from the page's own CSS
 * custom properties, so an app that applies them matches the page in either theme. The values are the site's,
 * never a server's.
 */
import type { McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';

/** Each app variable and the site property it takes its value from. */
const FROM_SITE: Record<string, string> = {
  '--color-background-primary': '--surface',
  '--color-background-secondary': '--surface-muted',
  '--color-background-tertiary': '--bg',
  '--color-background-info': '--accent-soft',
  '--color-background-danger': '--danger-soft',
  '--color-background-success': '--success-soft',
  '--color-background-warning': '--warning-soft',
  '--color-text-primary': '--text',
  '--color-text-secondary': '--text-muted',
  '--color-text-info': '--accent',
  '--color-text-danger': '--danger',
  '--color-text-success': '--success',
  '--color-text-warning': '--warning',
  '--color-border-primary': '--border',
  '--color-border-secondary': '--border-strong',
  '--color-ring-primary': '--focus',
};

export function hostStyles(root: Element = document.documentElement): McpUiStyles {
  const computed = getComputedStyle(root);
  const variables: Record<string, string> = {};
  for (const [name, source] of Object.entries(FROM_SITE)) {
    const value = computed.getPropertyValue(source).trim();
    if (value) variables[name] = value;
  }
  const font = getComputedStyle(document.body).fontFamily;
  if (font) variables['--font-sans'] = font;
  variables['--border-radius-md'] = '6px';
  return variables as McpUiStyles;
}
