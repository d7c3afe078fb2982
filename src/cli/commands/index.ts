/**
 * Every command of `tool-schemas`, in the order `help` lists them. A command is one module exporting `command`
 * (src/cli/command.ts) and one line here; its module is loaded only when it runs (or when `help` lists them all).
 */
import type { CommandEntry } from '../command';

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'list', load: () => import('./list') },
  { name: 'show', load: () => import('./show') },
  { name: 'validate', load: () => import('./validate') },
  { name: 'lint', load: () => import('./lint') },
  { name: 'export', load: () => import('./export') },
  { name: 'benchmark', load: () => import('./benchmark') },
  { name: 'stats', load: () => import('./stats') },
  { name: 'import', load: () => import('./import') },
  { name: 'diff', load: () => import('./diff') },
  { name: 'convert', load: () => import('./convert') },
  { name: 'eval', load: () => import('./eval/index') },
  { name: 'mcp', load: () => import('./mcp/command') },
  { name: 'emulator', load: () => import('./emulator') },
  { name: 'site', load: () => import('./site/index') },
  { name: 'help', load: () => import('./help') },
];
