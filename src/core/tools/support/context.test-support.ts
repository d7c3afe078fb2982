/** Test helper: a real in-memory workspace and a ToolContext around it. Used only by the handler tests. */
import type {
  ProgressReport,
  PythonRunner,
  ToolContext,
  ToolImplementation,
  ToolOutcome,
  UserInteraction,
} from '../../runtime/types';
import { createWorkspace, type WorkspaceImpl } from '../../workspace/workspace';

export interface TestBench {
  workspace: WorkspaceImpl;
  progress: ProgressReport[];
  context(overrides?: Partial<ToolContext>): ToolContext;
  run(tool: ToolImplementation, args: Record<string, unknown>, overrides?: Partial<ToolContext>): Promise<ToolOutcome>;
  write(relative: string, content: string | Uint8Array): Promise<void>;
  text(relative: string): Promise<string>;
  exists(relative: string): Promise<boolean>;
}

export const answering = (
  answer: string,
  confirmed = true,
): UserInteraction & { asked: unknown[][]; confirmations: unknown[][] } => {
  const asked: unknown[][] = [];
  const confirmations: unknown[][] = [];
  return {
    asked,
    confirmations,
    ask: async (question, options, defaultOption) => {
      asked.push([question, options, defaultOption]);
      return answer;
    },
    confirm: async (action, destructive) => {
      confirmations.push([action, destructive]);
      return confirmed;
    },
  };
};

export async function createTestBench(
  files: Record<string, string | Uint8Array> = {},
  python?: PythonRunner,
): Promise<TestBench> {
  const workspace = await createWorkspace();
  for (const [relative, content] of Object.entries(files)) {
    if (typeof content === 'string') await workspace.writeText(relative, content);
    else await workspace.writeBytes(relative, content);
  }
  const progress: ProgressReport[] = [];
  const context = (overrides: Partial<ToolContext> = {}): ToolContext => ({
    workspace,
    signal: new AbortController().signal,
    timeoutMs: 30_000,
    reportProgress: (report) => progress.push(report),
    interaction: answering('yes'),
    python,
    ...overrides,
  });
  return {
    workspace,
    progress,
    context,
    run: (tool, args, overrides) => tool.run(args, context(overrides)),
    write: (relative, content) =>
      typeof content === 'string' ? workspace.writeText(relative, content) : workspace.writeBytes(relative, content),
    text: (relative) => workspace.readText(relative),
    exists: (relative) => workspace.exists(relative),
  };
}
