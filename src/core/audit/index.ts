import type { NamingConvention, ToolDefinition, ToolsetBundle } from '../toolset/types';
import type { RegexEngine } from '../validation/linear-engine';
import { patternWantsLinearEngine } from '../validation/regex';
import { hasPatternWarnings } from '../validation/rules';
import { additionalProperties } from './rules/additionalProperties';
import { arrayBounds } from './rules/arrayBounds';
import { booleanSafeDefault } from './rules/booleanSafeDefault';
import { descriptionLength } from './rules/descriptionLength';
import { descriptionNoSecrets } from './rules/descriptionNoSecrets';
import { descriptionExamples } from './rules/descriptionExamples';
import { defaultsValidate } from './rules/defaultsValidate';
import { descriptionStatesDefault } from './rules/descriptionStatesDefault';
import { destructiveConfirm } from './rules/destructiveConfirm';
import { enumValues } from './rules/enumValues';
import { examplesSafe } from './rules/examplesSafe';
import { examplesValidate } from './rules/examplesValidate';
import { mapBounds } from './rules/mapBounds';
import { explicitTypes } from './rules/explicitTypes';
import { naming } from './rules/naming';
import { numberBounds } from './rules/numberBounds';
import { outputSchema } from './rules/outputSchema';
import { pathMaxLength } from './rules/pathMaxLength';
import { patternPortability } from './rules/patternPortability';
import { patternSafety } from './rules/patternSafety';
import { stringMaxLength } from './rules/stringMaxLength';
import { timeoutBounds } from './rules/timeoutBounds';
import { encodedBlob } from './rules/encodedBlob';
import { hiddenCharacters } from './rules/hiddenCharacters';
import { modelInstructions } from './rules/modelInstructions';
import { pseudoTags } from './rules/pseudoTags';
import { exampleValidatorOf } from './exampleValidator';
import type { Validator } from '../validation/validator';
import { isJsonObject, walkSchema } from './schemaWalk';
import type { AuditFinding, AuditReport, AuditRule, AuditSeverity, ExampleValidator } from './types';

export type { AuditFinding, AuditReport, AuditRule } from './types';

/** Every lint rule, in the order findings are reported. */
export const AUDIT_RULES: readonly AuditRule[] = [
  explicitTypes,
  stringMaxLength,
  numberBounds,
  pathMaxLength,
  timeoutBounds,
  arrayBounds,
  mapBounds,
  additionalProperties,
  destructiveConfirm,
  booleanSafeDefault,
  enumValues,
  patternSafety,
  patternPortability,
  descriptionLength,
  descriptionStatesDefault,
  descriptionNoSecrets,
  descriptionExamples,
  naming,
  examplesValidate,
  defaultsValidate,
  examplesSafe,
  hiddenCharacters,
  pseudoTags,
  modelInstructions,
  encodedBlob,
  outputSchema,
];

export interface LintOptions {
  /** The validator the entry point built (createValidator): examples are checked with it. */
  validator: Validator;
  /** RE2 for the pattern rule; the validator's own (`validator.regexEngine`) unless given. */
  regexEngine?: RegexEngine;
  /** Replaces the example check by the validator. */
  validateExample?: ExampleValidator;
  /** Only these rule ids run. */
  rules?: readonly string[];
  /** The toolset's naming style (lintToolset takes it from the manifest). */
  naming?: NamingConvention;
}

const SEVERITY_ORDER: Record<AuditSeverity, number> = { error: 0, warning: 1, info: 2 };

/** A warning the definition explains in its auditNotes becomes an accepted (info) finding carrying the reason; errors stay errors. */
function acceptedByNote(tool: ToolDefinition, finding: AuditFinding): AuditFinding {
  if (finding.severity !== 'warning' || !Array.isArray(tool.auditNotes)) return finding;
  const note = tool.auditNotes.find(
    (candidate) => candidate.rule === finding.rule && (candidate.parameter ?? undefined) === finding.parameter,
  );
  return note ? { ...finding, severity: 'info', message: `Accepted: ${note.reason} (${finding.message})` } : finding;
}

/** Lints one tool definition against every rule. A rule that crashes on odd data reports that instead of throwing. */
export const lintTool = (tool: ToolDefinition, options: LintOptions): AuditFinding[] => {
  const inputSchema = isJsonObject(tool.inputSchema) ? tool.inputSchema : {};
  const context = {
    tool: { ...tool, inputSchema },
    nodes: walkSchema(inputSchema),
    validateExample: options.validateExample ?? exampleValidatorOf(options.validator),
    regexEngine: options.regexEngine ?? options.validator.regexEngine,
    naming: options.naming,
  };
  const rules = options.rules ? AUDIT_RULES.filter((rule) => options.rules?.includes(rule.id)) : AUDIT_RULES;
  const findings: AuditFinding[] = [];
  for (const rule of rules) {
    try {
      findings.push(...rule.check(context));
    } catch (error) {
      findings.push({
        tool: tool.name,
        rule: rule.id,
        severity: 'error',
        message: `The rule could not check this definition (${(error as Error).message}); the definition is probably malformed.`,
      });
    }
  }
  return findings.map((finding) => acceptedByNote(tool, finding));
};

/**
 * Whether linting this tool with `regexEngine` should wait for it to load RE2 (`regexEngine.load()`): its examples
 * are validated, which runs its warning patterns, and the pattern rule says how this validator runs each pattern.
 */
export const lintNeedsLinearEngine = (tool: ToolDefinition, regexEngine: RegexEngine): boolean => {
  if (regexEngine.current() !== null) return false;
  if (hasPatternWarnings(tool)) return true;
  const inputSchema = isJsonObject(tool.inputSchema) ? tool.inputSchema : {};
  return walkSchema(inputSchema).some(
    (node) => typeof node.schema.pattern === 'string' && patternWantsLinearEngine(node.schema.pattern),
  );
};

/** Lints every tool of a bundle and summarises. */
export const lintToolset = (bundle: ToolsetBundle, options: LintOptions): AuditReport => {
  const byTool: Record<string, AuditFinding[]> = {};
  const findings: AuditFinding[] = [];
  for (const tool of bundle.tools) {
    const toolFindings = lintTool(tool, { naming: bundle.manifest.naming, ...options });
    byTool[tool.name] = toolFindings;
    for (const finding of toolFindings) findings.push(finding);
  }
  const count = (severity: AuditSeverity) => findings.filter((finding) => finding.severity === severity).length;
  return {
    findings,
    byTool,
    summary: {
      tools: bundle.tools.length,
      findings: findings.length,
      errors: count('error'),
      warnings: count('warning'),
      infos: count('info'),
    },
  };
};

/** Findings ordered most severe first, keeping rule order within a severity. */
export const sortFindings = (findings: readonly AuditFinding[]): AuditFinding[] =>
  findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] || a.index - b.index)
    .map(({ finding }) => finding);
