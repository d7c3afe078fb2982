/** The runtime model: what a tool handler receives and what every execution returns. */
import type { JsonValue, RiskLevel } from '../toolset/types';
import type { ValidationError } from '../validation/types';
import type { GitCommitData, GitDiffData, GitLogData, GitStatusData } from '../workspace/git/types';
import type { ShellPythonRunOptions, ShellRun, Workspace } from '../workspace/types';

export type ArtifactChange = 'created' | 'modified' | 'deleted' | 'moved';

export interface ToolArtifact {
  type: 'file' | 'directory' | 'output';
  change: ArtifactChange;
  /** Workspace-relative path. */
  path: string;
  /** For moves: where it came from. */
  from?: string;
  size?: number;
  description?: string;
}

/** Result data, tagged by kind so each surface can render it properly. */
export type ToolData =
  | { kind: 'file_content'; path: string; content: string; encoding: string; startLine: number; endLine: number; totalLines: number }
  | { kind: 'write'; path: string; bytesWritten: number; created: boolean }
  | { kind: 'listing'; path: string; entries: ListingEntry[]; truncated: boolean }
  | { kind: 'search_hits'; query: string; hits: { file: string; line: number; column: number; text: string }[]; filesSearched: number; truncated: boolean }
  | { kind: 'delete'; path: string }
  | { kind: 'move'; source: string; destination: string; overwritten: boolean }
  | { kind: 'command_output'; command: string; workingDirectory: string; stdout: string; stderr: string; exitCode: number; language?: string }
  | { kind: 'semantic_hits'; query: string; hits: { file: string; startLine: number; endLine: number; score: number; snippet: string }[] }
  | { kind: 'symbols'; symbol: string; definitions: SymbolLocation[]; references: SymbolLocation[] }
  | { kind: 'definition'; symbol: string; definition: SymbolLocation | null }
  | GitStatusData
  | GitDiffData
  | GitLogData
  | GitCommitData
  | { kind: 'answer'; question: string; answer: string }
  | { kind: 'confirmation'; action: string; confirmed: boolean }
  /** What an imported tool's mock returned. */
  | { kind: 'mock'; source: 'json' | 'function'; value: JsonValue }
  /**
   * A tool's text output, as tools that answer with a string do (PRFactory's ToolExecutionResult.Output):
   * `language` picks the highlighting, `facts` are a few labelled values shown above it.
   */
  | { kind: 'output'; text: string; language?: 'json' | 'diff' | 'plaintext'; facts?: { label: string; value: string }[] };

export interface ListingEntry {
  path: string;
  /** A symbolic link is listed as itself, with its target, and not descended into. */
  type: 'file' | 'directory' | 'symlink';
  size?: number;
  depth: number;
  /** For a symlink: the target as the link stores it. */
  target?: string;
}

export interface SymbolLocation {
  file: string;
  line: number;
  column: number;
  kind: string;
  name: string;
  /** The line of source, trimmed. */
  text: string;
}

export type RuntimeErrorCode =
  | 'ValidationFailed'
  | 'Timeout'
  | 'Cancelled'
  | 'Denied'
  | 'ToolNotFound'
  | 'ExecutionFailed'
  | 'path_outside_workspace'
  | 'path_not_found'
  | 'protected_path'
  | 'file_too_large'
  | 'already_exists'
  | 'not_a_directory'
  | 'not_a_file'
  | 'is_a_directory'
  | 'confirmation_required'
  | 'language_unavailable'
  | 'invalid_regex'
  | 'encoding_error'
  | 'git_error'
  | 'nothing_to_commit'
  | 'unknown_revision'
  | 'symbol_not_found'
  | 'unsupported_language'
  | 'url_blocked'
  | 'redirect_refused'
  | 'network_error'
  | 'http_error'
  | 'response_too_large'
  | 'command_not_allowed'
  | 'ticket_not_found'
  | 'invalid_transition'
  | 'patch_failed'
  | 'no_changes';

export interface ToolResult {
  success: boolean;
  data?: ToolData;
  message: string;
  error?: string;
  errorCode?: RuntimeErrorCode;
  /** Present when errorCode is ValidationFailed. */
  validationErrors?: ValidationError[];
  artifacts: ToolArtifact[];
  /** Milliseconds. */
  durationMs: number;
  suggestedFollowUps?: string[];
}

/** What a handler returns; the service adds duration and the rest. */
export type ToolOutcome = Omit<ToolResult, 'durationMs' | 'artifacts'> & { artifacts?: ToolArtifact[] };

export interface ProgressReport {
  /** 0..1, or null when unknown. */
  fraction: number | null;
  message: string;
}

/** How ask_user and confirm_action reach a person (a dialog in the page, a prompt in a terminal). */
export interface UserInteraction {
  ask(question: string, options: string[] | undefined, defaultOption: string | undefined, signal: AbortSignal): Promise<string>;
  confirm(actionDescription: string, destructive: boolean, signal: AbortSignal): Promise<boolean>;
}

/** Runs Python for execute_script (a Pyodide worker in the page); absent where no interpreter is available. */
export interface PythonRunner {
  run(script: string, options: ShellPythonRunOptions & { onProgress?: (report: ProgressReport) => void }): Promise<ShellRun>;
}

export interface ToolContext {
  workspace: Workspace;
  signal: AbortSignal;
  timeoutMs: number;
  reportProgress(report: ProgressReport): void;
  interaction: UserInteraction;
  /** Optional Python interpreter; execute_script reports `language_unavailable` without it. */
  python?: PythonRunner;
  /** The network, for tools that make requests (the global fetch where absent); tests pass their own. */
  fetch?: typeof fetch;
}

export type ToolHandler = (args: Record<string, unknown>, context: ToolContext) => Promise<ToolOutcome>;

/** What a precheck may look at: the workspace and which interpreters exist, nothing it could change. */
export type PrecheckContext = Pick<ToolContext, 'workspace' | 'python'>;

export interface ToolImplementation {
  name: string;
  run: ToolHandler;
  /** Risk for this particular call; defaults to the definition's riskLevel. */
  effectiveRisk?(args: Record<string, unknown>, workspace: Workspace): Promise<RiskLevel> | RiskLevel;
  /**
   * Cheap checks run before approval, so nobody is asked to approve a call that cannot succeed
   * (delete without confirm, overwrite: false on an existing file, an unavailable language).
   * A failed outcome ends the call; null lets it go on. It must not change anything: `run` checks again.
   */
  precheck?(args: Record<string, unknown>, context: PrecheckContext): Promise<ToolOutcome | null> | ToolOutcome | null;
  /**
   * Why this call has the risk it has ("git reset --hard discards work"), shown as a warning in the
   * approval dialog; every critical call gets one (the risk level's own description when the tool has none).
   */
  riskReason?(args: Record<string, unknown>): string | null;
  /** One line for the approval dialog and the history: "Delete file 'old/deprecated.cs'". */
  summarize(args: Record<string, unknown>): string;
  /** Timeout when the arguments set none (tools that wait for a person need longer than the runtime default). */
  defaultTimeoutMs?: number;
  /** Follow-up suggestions added to the result ("Run the tests", "Read the file back"). */
  suggestFollowUps?(args: Record<string, unknown>, result: ToolOutcome): string[];
}
