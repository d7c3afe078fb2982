/** The runtime model: what a tool handler receives and what every execution returns. */
import type { JsonValue, RiskLevel } from '../toolset/types';
import type { ValidationError, ValidationResult } from '../validation/types';
import type { GitCommitData, GitDiffData, GitLogData, GitStatusData } from '../workspace/git/types';
import type { ShellPythonRunOptions, ShellRun, Workspace } from '../workspace/types';

/** `referenced`: a URL the tool read, nothing in the workspace changed. */
type ArtifactChange = 'created' | 'modified' | 'deleted' | 'moved' | 'referenced';

export interface ToolArtifact {
  /** `url`: a web address the tool requested (path holds the URL). */
  type: 'file' | 'directory' | 'output' | 'url';
  change: ArtifactChange;
  /** Workspace-relative path, or the URL for a `url` artifact. */
  path: string;
  /** For moves: where it came from. */
  from?: string;
  size?: number;
  description?: string;
  /** For files: the MIME type, from the name (as MimeTypes.GetMimeType gives it). */
  mimeType?: string;
  /** For files that exist after the call: `sha256:` and the hex digest of the content. */
  contentHash?: string;
  /** When the service recorded it, milliseconds since the epoch. */
  timestamp?: number;
}

/** Result data, tagged by kind so each surface can render it properly. */
export type ToolData =
  | {
      kind: 'file_content';
      path: string;
      content: string;
      encoding: string;
      startLine: number;
      endLine: number;
      totalLines: number;
    }
  | { kind: 'write'; path: string; bytesWritten: number; created: boolean }
  | { kind: 'listing'; path: string; entries: ListingEntry[]; truncated: boolean }
  | {
      kind: 'search_hits';
      query: string;
      hits: { file: string; line: number; column: number; text: string }[];
      filesSearched: number;
      truncated: boolean;
    }
  | { kind: 'delete'; path: string }
  | { kind: 'move'; source: string; destination: string; overwritten: boolean }
  | {
      kind: 'command_output';
      command: string;
      workingDirectory: string;
      stdout: string;
      stderr: string;
      exitCode: number;
      language?: string;
    }
  | {
      kind: 'semantic_hits';
      query: string;
      hits: { file: string; startLine: number; endLine: number; score: number; snippet: string }[];
    }
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
  | {
      kind: 'output';
      text: string;
      language?: 'json' | 'diff' | 'plaintext';
      facts?: { label: string; value: string }[];
    };

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
  | 'validation_failed'
  | 'timeout'
  | 'cancelled'
  | 'denied'
  | 'tool_not_found'
  /** A tool defined with no code and no mock where it is executed: its arguments passed, nothing ran. */
  | 'not_implemented'
  | 'execution_failed'
  | 'path_outside_workspace'
  | 'path_not_found'
  | 'protected_path'
  | 'invalid_value'
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
  | 'no_changes'
  /** The call changed the workspace, but the browser refused to save it: the change holds until a reload only. */
  | 'workspace_not_saved';

/** How a call ended (the runtime model's ToolExecutionStatus, with the ways it can fail told apart). */
export type ExecutionStatus = 'completed' | 'failed' | 'denied' | 'timed_out' | 'cancelled';

/** What the service knows of one execution, beside the tool's own result. */
export interface ExecutionRecord {
  executionId: string;
  sessionId: string;
  toolName: string;
  status: ExecutionStatus;
  /** True when a person (or the approver) approved it; false when no approval was asked or it was refused. */
  approved: boolean;
  /** Whether the call's risk asked for approval at all. */
  approvalRequired: boolean;
  /** The arguments as the approver edited them (validated again before the run); absent when unedited. */
  modifiedArgs?: Record<string, unknown>;
  /** Milliseconds spent waiting for a free slot (the concurrency limit); 0 when it started at once. */
  queuedMs: number;
  /** Epoch milliseconds. */
  startedAt: number;
  completedAt: number;
}

/** What was cut from the data a model is given, and how to get the rest. */
export interface TruncationInfo {
  /** Length of the serialized data, in characters. */
  totalChars: number;
  /** Characters kept for the model. */
  keptChars: number;
  /** What was cut, in words ("the last 12 345 characters of stdout"). */
  cut: string;
  /** How to get the rest (a narrower call). */
  rest: string;
}

export interface ToolResult {
  success: boolean;
  data?: ToolData;
  message: string;
  error?: string;
  errorCode?: RuntimeErrorCode;
  /** Present when errorCode is validation_failed. */
  validationErrors?: ValidationError[];
  artifacts: ToolArtifact[];
  /** Milliseconds. */
  durationMs: number;
  suggestedFollowUps?: string[];
  /** True when the data is longer than maxDataLength: a model gets it cut (see `truncation`); the page shows it whole. */
  shouldTruncate?: boolean;
  /** Most characters of serialized data a model is given. */
  maxDataLength?: number;
  truncation?: TruncationInfo;
  /** Facts about the call that are not its data (e.g. the address check of a request, lines read). */
  metadata?: Record<string, JsonValue>;
  /** Set by the execution service. */
  execution?: ExecutionRecord;
}

/** What a handler returns; the service adds duration and the rest. */
export type ToolOutcome = Omit<ToolResult, 'durationMs' | 'artifacts' | 'execution'> & { artifacts?: ToolArtifact[] };

export interface ProgressReport {
  /** 0..1, or null when unknown. */
  fraction: number | null;
  message: string;
  /** What it is doing right now ("Reading src/app.ts"). */
  currentOperation?: string;
  itemsProcessed?: number;
  totalItems?: number;
  /** Milliseconds left, estimated from the pace so far (the service fills it in from the items). */
  estimatedRemainingMs?: number;
}

/** How ask_user and confirm_action reach a person (a dialog in the page, a prompt in a terminal). */
export interface UserInteraction {
  ask(
    question: string,
    options: string[] | undefined,
    defaultOption: string | undefined,
    signal: AbortSignal,
  ): Promise<string>;
  confirm(actionDescription: string, destructive: boolean, signal: AbortSignal): Promise<boolean>;
}

/** Runs Python for execute_script (a Pyodide worker in the page); absent where no interpreter is available. */
export interface PythonRunner {
  run(
    script: string,
    options: ShellPythonRunOptions & { onProgress?: (report: ProgressReport) => void },
  ): Promise<ShellRun>;
  /** Bytes the interpreter's heap holds, null before it has loaded. A WebAssembly heap grows and never shrinks. */
  heapBytes?(): number | null;
}

/**
 * Where names can be resolved (Node): the name is resolved once, every address is checked, and the
 * request goes to an address that was checked, so a second answer of the name server (DNS rebinding)
 * is never asked for.
 */
export interface ResolvingNetwork {
  /** Every address the name resolves to, IPv4 and IPv6. */
  resolve(hostname: string): Promise<string[]>;
  /** Sends the request to `address`, keeping the URL's name in the Host header and the TLS server name, without resolving the name again. */
  fetchAt(url: URL, address: string, init: RequestInit): Promise<Response>;
}

export interface ToolContext {
  workspace: Workspace;
  /** The call's id and the session it belongs to (absent when a handler is run outside the service). */
  executionId?: string;
  sessionId?: string;
  signal: AbortSignal;
  timeoutMs: number;
  reportProgress(report: ProgressReport): void;
  interaction: UserInteraction;
  /** Optional Python interpreter; execute_script reports `language_unavailable` without it. */
  python?: PythonRunner;
  /** The network, for tools that make requests (the global fetch where absent); tests pass their own. */
  fetch?: typeof fetch;
  /**
   * Where the runtime can resolve names (in Node, the tests give the one that resolves with the system's resolver), the web tools resolve
   * a name once, check every address, and send the request to a checked address; `fetch` is then not used.
   * Absent in the browser, which cannot resolve before it fetches.
   */
  resolvingNetwork?: ResolvingNetwork;
}

type ToolHandler = (args: Record<string, unknown>, context: ToolContext) => Promise<ToolOutcome>;

/** What a precheck may look at: the workspace and which interpreters exist, nothing it could change. */
export type PrecheckContext = Pick<ToolContext, 'workspace' | 'python'>;

export interface ToolImplementation {
  name: string;
  run: ToolHandler;
  /**
   * The tool's own check of arguments the schema accepted (the runtime model's Tool.Validate), run after the
   * validator on every call and by the service's validate(); a call it refuses fails as validation_failed
   * before anyone is asked to approve it.
   */
  validate?(args: Record<string, unknown>): ValidationResult;
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
