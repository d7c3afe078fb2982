/**
 * Layer-1 path security: a string parameter whose schema says `"format": "workspace-path"`
 * or `"format": "workspace-relative-path"` is checked lexically at validation time, without a
 * workspace, by the very functions the runtime applies first: `normalizeWorkspacePath`
 * (workspace/paths.ts, the Acode tools' resolvePath) and `relativePathAttack` below (PRFactory's
 * PathValidator, tools/prfactory/path-validator.ts). What the format accepts the runtime accepts, and
 * the reverse (path-agreement.test.ts drives both with the same generated paths). Empty paths,
 * traversal above the root, absolute paths outside it, NUL and control characters, percent-encoded
 * and look-alike traversal are refused on every surface, before anything runs. Links and existence
 * need the workspace and stay with the runtime.
 */
import type Ajv from 'ajv';
import { isGitInternal, normalizeWorkspacePath, protectedReason } from '../workspace/paths';

/** Relative to the workspace root, or absolute inside it (`/workspace/src/app.ts`). */
const WORKSPACE_PATH_FORMAT = 'workspace-path';
/** Relative only, and no `..` anywhere (PRFactory's PathValidator). */
const WORKSPACE_RELATIVE_PATH_FORMAT = 'workspace-relative-path';
export const PATH_FORMATS: readonly string[] = [WORKSPACE_PATH_FORMAT, WORKSPACE_RELATIVE_PATH_FORMAT];

/** The seed's rule and words (ValidatePath: "Path cannot be empty", code invalid_value). */
const EMPTY_PATH_REASON = 'Path cannot be empty';

export function isPathFormat(format: unknown): format is string {
  return typeof format === 'string' && PATH_FORMATS.includes(format);
}

/** Why a path is refused and with which error code: an empty path is `invalid_value`, the rest `path_outside_workspace`. */
export interface PathProblem {
  code: 'invalid_value' | 'path_outside_workspace';
  reason: string;
}

/** PathValidator.ValidateAndResolve's first checks, before any resolution; null when the path passes them. */
export type RelativePathAttack = 'empty' | 'nul' | 'dotdot' | 'absolute';

export function relativePathAttack(value: string): RelativePathAttack | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'empty';
  if (value.includes('\u0000')) return 'nul';
  // The seed refuses '..' anywhere (`filePath.Contains("..")`), so `notes..txt` too.
  if (value.includes('..')) return 'dotdot';
  if (/^[\\/~]|^[A-Za-z]:/.test(trimmed)) return 'absolute';
  return null;
}

const RELATIVE_REASONS: Record<Exclude<RelativePathAttack, 'empty'>, string> = {
  nul: 'path contains a NUL byte',
  dotdot: "path contains '..', which is not allowed",
  absolute: 'absolute paths are not allowed; give a path relative to the workspace root',
};

/**
 * The plain relative path nearly every call carries: names of letters, digits, `_` and `-`, joined by single
 * dots, segments by single slashes (`src/app.ts`, `README.md`, `docs/`, `./src`), or the root `.`. Such a
 * path passes both formats: it has no percent sign, backslash, colon, `~`, space, control or non-ASCII
 * character, no leading slash and no `..`, so `normalizeWorkspacePath` and `relativePathAttack` have
 * nothing to refuse (path-agreement.test.ts checks this on generated paths).
 * CLEAN_PATH further leaves out what may earn a remark: a Windows reserved name (`con`, `com1`), an SSH
 * key name (`id_…`) and key extensions (dot-files and trailing dots are not plain at all).
 *
 * Measured (`npm run bench -- validation`, read_file `{"path": "README.md"}`): the general check cost about
 * 2 µs a call (regular expressions, percent decoding, splitting, a look-alike pass), and the remark check as
 * much again, where raw Ajv takes 0.1-0.3 µs. One anchored native expression takes a few tens of
 * nanoseconds and allocates nothing; a hand-written charCodeAt scan measured 2-3 times slower than it.
 * Both expressions are linear (each repetition is entered by a required `.` or `/`).
 */
const PLAIN_PATH = /^(?:\.|(?:\.\/)?[\w-]+(?:\.[\w-]+)*(?:\/[\w-]+(?:\.[\w-]+)*)*\/?)$/;
const CLEAN_PATH =
  /^(?:\.|(?:\.\/)?(?!(?:con|prn|aux|nul|com[1-9]|lpt[1-9])(?:[./]|$)|id_)[\w-]+(?:\.[\w-]+)*(?:\/(?!(?:con|prn|aux|nul|com[1-9]|lpt[1-9])(?:[./]|$)|id_)[\w-]+(?:\.[\w-]+)*)*\/?)$(?<!\.(?:pem|key|p12|pfx|keystore|jks)\/?)/i;

/** 1: plain and earns no remark; 2: plain (valid) but may earn a remark; 0: not plain (the general check decides). */
export function plainPathKind(value: string): 0 | 1 | 2 {
  return CLEAN_PATH.test(value) ? 1 : PLAIN_PATH.test(value) ? 2 : 0;
}

/** Why a value breaks its path format, with its error code; null when it passes. */
export function pathProblem(value: string, format: string): PathProblem | null {
  return plainPathKind(value) !== 0 ? null : pathProblemInFull(value, format);
}

type FormatDefinitions = Readonly<Record<string, { type: 'string'; validate: (value: string) => boolean }>>;

/**
 * The path formats with what they remember between calls, owned by whoever validates with them (each validator, each
 * Ajv compiler): nothing is kept in the module, so two validators in one realm share nothing.
 */
export interface PathFormats {
  /** The formats as Ajv format definitions, reporting to this object. */
  readonly definitions: FormatDefinitions;
  plainPathKind(value: string): 0 | 1 | 2;
  pathProblem(value: string, format: string): PathProblem | null;
  /**
   * How many values these formats have found not clean (plainPathKind other than 1). The validator reads it around
   * Ajv's call: unchanged, every path Ajv checked earns no remark either, and the remark pass is skipped. Counted off
   * the clean path, so the format costs a clean path nothing more.
   */
  uncleanCount(): number;
}

export function createPathFormats(): PathFormats {
  /**
   * The last path found clean: the format and the remarks look at the same string one after the other. It starts as
   * `.`, a path CLEAN_PATH accepts anyway, so the memo never lets through what the check would refuse.
   */
  let lastClean = '.';
  let unclean = 0;
  /**
   * The last value the general check judged, its format and its verdict: Ajv's format and then the error's message
   * ask about the same refused path one after the other, and the check (splitting, decoding, look-alikes) was about
   * half of rejecting read_file's `../../../etc/passwd` (--cpu-prof of the built code). Values up to 4,096 characters
   * only, so a huge one is not held on to.
   */
  let lastJudged: string | null = null;
  let lastJudgedFormat = '';
  let lastProblem: PathProblem | null = null;

  const kindOf = (value: string): 0 | 1 | 2 => {
    if (value === lastClean) return 1;
    if (CLEAN_PATH.test(value)) {
      lastClean = value;
      return 1;
    }
    return PLAIN_PATH.test(value) ? 2 : 0;
  };
  const problemOf = (value: string, format: string): PathProblem | null => {
    const kind = kindOf(value);
    if (kind === 1) return null;
    unclean += 1;
    if (kind === 2) return null;
    if (value === lastJudged && format === lastJudgedFormat) return lastProblem;
    const problem = pathProblemInFull(value, format);
    if (value.length <= 4096) {
      lastJudged = value;
      lastJudgedFormat = format;
      lastProblem = problem;
    }
    return problem;
  };
  return {
    definitions: {
      [WORKSPACE_PATH_FORMAT]: {
        type: 'string',
        validate: (value: string) => problemOf(value, WORKSPACE_PATH_FORMAT) === null,
      },
      [WORKSPACE_RELATIVE_PATH_FORMAT]: {
        type: 'string',
        validate: (value: string) => problemOf(value, WORKSPACE_RELATIVE_PATH_FORMAT) === null,
      },
    },
    plainPathKind: kindOf,
    pathProblem: problemOf,
    uncleanCount: () => unclean,
  };
}

/** pathProblem without the plain-path shortcut: the runtime's own functions, nothing else (tests compare the two). */
export function pathProblemInFull(value: string, format: string): PathProblem | null {
  if (format === WORKSPACE_RELATIVE_PATH_FORMAT) {
    const attack = relativePathAttack(value);
    if (attack === 'empty') return { code: 'invalid_value', reason: EMPTY_PATH_REASON };
    if (attack !== null) return { code: 'path_outside_workspace', reason: RELATIVE_REASONS[attack] };
  }
  const normalized = normalizeWorkspacePath(value);
  if (normalized.ok) return null;
  return {
    code: normalized.reason === EMPTY_PATH_REASON ? 'invalid_value' : 'path_outside_workspace',
    reason: normalized.reason,
  };
}

/** Why a value breaks its path format, in words; null when it passes. */
export function pathViolation(value: string, format: string): string | null {
  return pathProblem(value, format)?.reason ?? null;
}

/**
 * The path formats as Ajv format definitions remembering nothing: what a validator generated at build time uses when
 * it is not given a validator's own (`PathFormats.definitions`).
 */
export const PATH_FORMAT_DEFINITIONS: FormatDefinitions = {
  [WORKSPACE_PATH_FORMAT]: {
    type: 'string',
    validate: (value: string) => pathProblem(value, WORKSPACE_PATH_FORMAT) === null,
  },
  [WORKSPACE_RELATIVE_PATH_FORMAT]: {
    type: 'string',
    validate: (value: string) => pathProblem(value, WORKSPACE_RELATIVE_PATH_FORMAT) === null,
  },
};

/** Registers the path formats on an Ajv instance, so raw Ajv and the validator agree on validity (each Ajv its own unless given). */
export function addPathFormats(ajv: Ajv, definitions: FormatDefinitions = createPathFormats().definitions): void {
  for (const [format, definition] of Object.entries(definitions)) {
    if (ajv.formats[format] !== undefined) continue;
    ajv.addFormat(format, definition);
  }
}

/** Valid paths that still earn a remark: which warning, and why. */
export type PathRemark = { code: 'security_concern' | 'compatibility'; message: string };

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

const NO_REMARKS: readonly PathRemark[] = Object.freeze([]);

/**
 * A path that passes the policy but deserves a warning: a secrets file whose content a read would
 * hand to the model (security_concern), or a name that only works on some systems (compatibility).
 */
export function pathRemarks(parameter: string, value: string): readonly PathRemark[] {
  if (plainPathKind(value) === 1) return NO_REMARKS;
  return pathRemarksInFull(parameter, value);
}

/** pathRemarks without the plain-path shortcut (tests compare the two). */
export function pathRemarksInFull(parameter: string, value: string): readonly PathRemark[] {
  const normalized = normalizeWorkspacePath(value);
  if (!normalized.ok || normalized.relative === '.') return NO_REMARKS;
  const remarks: PathRemark[] = [];
  const secret = protectedReason(normalized.relative);
  if (secret !== null && !isGitInternal(normalized.relative)) {
    const kind = secret.replace(/^path is (an? )?/, '').replace(/ and is protected$/, '');
    remarks.push({
      code: 'security_concern',
      message: `Parameter '${parameter}' names a ${kind}; what a tool reads from it reaches the model, and writes to it are refused`,
    });
  } else if (isGitInternal(normalized.relative)) {
    remarks.push({
      code: 'security_concern',
      message: `Parameter '${parameter}' points inside .git; its internals belong to git, and writes there are refused`,
    });
  }
  if (value.includes('\\')) {
    remarks.push({
      code: 'compatibility',
      message: `Parameter '${parameter}' uses backslashes; they are read as separators here, but on Linux and macOS a backslash is part of a file name. Use '/'`,
    });
  }
  const badName = normalized.relative
    .split('/')
    .find((segment) => WINDOWS_RESERVED.test(segment) || /[<>:"|?*]/.test(segment) || /[. ]$/.test(segment));
  if (badName !== undefined) {
    remarks.push({
      code: 'compatibility',
      message: `Parameter '${parameter}' has the name '${badName}', which Windows cannot create (reserved name, one of <>:"|?*, or a trailing dot or space)`,
    });
  }
  return remarks;
}
