/** `tool-schemas mcp`: its code and the MCP SDK are loaded only when it runs. */
import type { Command } from '../../command';
import { commandContext } from '../../with-toolset';
import { MCP_USAGE } from './usage';

/** The toolset a live server's tools are read beside when the bundle could not be loaded. */
const NO_TOOLSET = {
  manifest: { id: 'none', name: 'none', version: '0.0.0', description: '', categories: [] },
  tools: [],
};

const onStop = (stopSignal: () => AbortSignal) => (handler: () => void) => {
  const signal = stopSignal();
  signal.addEventListener('abort', handler, { once: true });
  return () => signal.removeEventListener('abort', handler);
};

export const command: Command = {
  name: 'mcp',
  usage: MCP_USAGE,
  summary: `mcp list|lint|call|pin|verify|bridge <target>                 a live MCP server's tools (help mcp)`,
  run: async (argv, context) => {
    const { runMcpCli } = await import('./index');
    const bundle = 'error' in context.bundle ? NO_TOOLSET : context.bundle;
    const terminal = await context.terminal?.();
    return runMcpCli(
      argv,
      commandContext(
        { ...context, toolsets: 'error' in context.bundle ? [bundle] : context.toolsets, stdin: () => undefined },
        bundle,
      ),
      {
        env: context.env,
        ...(context.readFile ? { readFile: context.readFile } : {}),
        ...(terminal ? { terminal } : {}),
        // Ctrl-C is caught only once a task runs (to cancel it); until then it ends the process as usual.
        ...(context.stopSignal ? { onInterrupt: onStop(context.stopSignal) } : {}),
      },
    );
  },
};
