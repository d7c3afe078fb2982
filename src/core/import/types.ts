/** What an import says about the text it was given: the format it saw, the tools it took, and every problem. */
import type { RiskLevel, ToolsetBundle } from '../toolset/types';
import type { Validator } from '../validation/validator';

export const IMPORT_FORMATS = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mcp',
  'codegenesis',
  'toolset',
  'json-schema',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  'openai-chat': 'OpenAI Chat Completions tools',
  'openai-responses': 'OpenAI Responses tools',
  anthropic: 'Anthropic tools',
  gemini: 'Gemini function declarations',
  mcp: 'MCP tools/list result',
  codegenesis: 'CodeGenesis tool definitions ({name, description, inputSchema})',
  toolset: 'Tool Schema Playground toolset file',
  'json-schema': 'a bare JSON Schema',
};

/** The closed set of reasons a definition is refused or flagged, so every surface can explain them the same way. */
export type ImportRule =
  | 'not_json'
  | 'too_large'
  | 'unknown_format'
  | 'not_an_object'
  | 'missing_field'
  | 'wrong_type'
  | 'empty_name'
  | 'duplicate_name'
  | 'provider_name'
  | 'spoofing_name'
  | 'schema_not_object'
  | 'schema_does_not_compile'
  | 'remote_ref'
  | 'recursive_ref'
  | 'unresolved_ref'
  | 'too_deep'
  | 'unsafe_pattern'
  | 'unknown_type'
  | 'schema_note'
  | 'meta_schema'
  | 'converted';

export interface ImportProblem {
  /** Position of the tool in the input, when the problem is about one tool. */
  toolIndex?: number;
  toolName?: string;
  /** JSON pointer into the input text's value. */
  pointer: string;
  rule: ImportRule;
  message: string;
  /** An error keeps the tool out; a warning imports it and says what changed or what to watch. */
  severity: 'error' | 'warning';
}

export interface ImportOptions {
  /** The validator the entry point built (createValidator): each schema must compile with it. */
  validator: Validator;
  /** Name for the new toolset (default: the server's name the text carries, else `sourceName`, else from the format). */
  toolsetName?: string;
  /** Where the text came from, such as a file's name: the toolset's name when neither `toolsetName` nor the text gives one. */
  sourceName?: string;
  /** Id for the new toolset (default: derived from the name). */
  toolsetId?: string;
  /** Risk level of tools whose definition says nothing about it (MCP annotations do). */
  defaultRisk?: RiskLevel;
  /** The tool name for a bare JSON Schema. */
  schemaToolName?: string;
  /**
   * Read the text as this format (default: detected). `codegenesis` holds {name, description, inputSchema}
   * definitions to the CodeGenesis meta-schema: a definition breaking it is refused, not just noted.
   */
  format?: ImportFormat;
  /** Largest text accepted, in characters (default 10 MB). */
  maxCharacters?: number;
  /** Compile every schema now, plain ones too (default: plain schemas compile on first validation; same verdicts). */
  compileAll?: boolean;
  /** Told how far the check has got, from 0 to 1: the text measured and parsed, then each definition checked. */
  onProgress?: (fraction: number) => void;
}

/** The options without the validator: what the page sends to the import worker, which adds its own. */
export type ImportSettings = Omit<ImportOptions, 'validator'>;

export interface ImportResult {
  /** Null when the text is not JSON or no known format matched. */
  format: ImportFormat | null;
  /** Every tool that passed; possibly none. */
  toolset: ToolsetBundle;
  problems: ImportProblem[];
  /** How many tool definitions the input held, imported or not. */
  found: number;
  /** A bare JSON Schema was given without `schemaToolName`: the caller must ask for one. */
  needsToolName: boolean;
}

/** One tool as a format's reader found it, before checks. */
export interface RawTool {
  /** Position in the input and the pointer to its definition. */
  index: number;
  pointer: string;
  name: unknown;
  title?: unknown;
  description: unknown;
  /** Pointer (relative to `pointer`) of the schema, for messages. */
  schemaPointer: string;
  schema: unknown;
  /** MCP `outputSchema`, when the definition has one. */
  outputSchema?: unknown;
  risk?: RiskLevel;
  tags?: string[];
  /** Problems the reader already saw (a converted Gemini type, a dropped field). */
  notes?: ImportProblem[];
  /** The whole definition for formats that carry more (this project's toolset file). */
  full?: Record<string, unknown>;
}

export const DEFAULT_MAX_CHARACTERS = 10 * 1024 * 1024;
/** Deeper schemas are refused: no provider accepts them and forms for them are unusable. */
export const MAX_SCHEMA_DEPTH = 32;
/**
 * Most levels of objects and arrays in an imported text, measured before it is parsed: room for the wrappers of
 * every format around a schema at the deepest it may be (MAX_SCHEMA_DEPTH schema levels, two JSON levels each).
 */
export const MAX_TEXT_DEPTH = 128;

/** What a schema check found: where, by which rule, and whether it only warns. */
export interface SchemaIssue {
  /** Pointer inside the schema. */
  pointer: string;
  rule: ImportRule;
  message: string;
  /** A warning imports the schema and says what to watch; anything else refuses it. */
  severity?: 'warning';
}
