/** Suites in and out: a suite file (JSON or YAML), BFCL's question + possible-answer files, exports. */
import { parseSuite, suiteToJson, type EvalSuite } from '../../../core/evals';
import {
  exportBfcl,
  functionsOfQuestions,
  importBfclFunctions,
  importBfclSuite,
  readAnswers,
  readQuestions,
} from '../../../core/evals/bfcl';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import type { Validator } from '../../../core/validation/validator';

export type SuiteImport = { ok: true; suite: EvalSuite; notes: string[] } | { ok: false; problems: string[] };

export function importSuiteText(text: string, fileName: string): SuiteImport {
  const parsed = parseSuite(text, fileName);
  if (!parsed.ok)
    return {
      ok: false,
      problems: parsed.problems.map((problem) => `${fileName} at ${problem.pointer}: ${problem.message}`),
    };
  return { ok: true, suite: parsed.suite, notes: [] };
}

export type BfclImport =
  { ok: true; suite: EvalSuite; toolset: ToolsetBundle; notes: string[] } | { ok: false; problems: string[] };

/** BFCL questions (with their function docs) and possible answers: a suite, and the functions as a toolset. */
export function importBfclFiles(
  questionsText: string,
  answersText: string,
  name: string,
  toolsetId: string,
  validator: Validator,
): BfclImport {
  const questions = readQuestions(questionsText);
  const answers = readAnswers(answersText);
  const problems = [
    ...questions.problems.map((problem) => `Questions, line ${problem.line}: ${problem.message}`),
    ...answers.problems.map((problem) => `Possible answers, line ${problem.line}: ${problem.message}`),
  ];
  if (questions.questions.length === 0)
    return { ok: false, problems: problems.length > 0 ? problems : ['Questions: the file holds no BFCL question.'] };
  const functions = importBfclFunctions(functionsOfQuestions(questions.questions), validator, `${name} functions`);
  const toolset: ToolsetBundle = {
    ...functions.toolset,
    manifest: { ...functions.toolset.manifest, id: toolsetId, name: `${name} functions` },
  };
  const imported = importBfclSuite(questions.questions, answers.answers, name, toolsetId);
  const notes = [
    ...problems,
    ...functions.problems.map((problem) => `${problem.toolName ?? 'tool'}: ${problem.message}`),
    ...imported.notes.map((note) => `${note.id}: ${note.message}`),
  ];
  return { ok: true, suite: imported.suite, toolset, notes };
}

export const suiteFileText = (suite: EvalSuite): string => suiteToJson(suite);

export function bfclFilesOf(
  suite: EvalSuite,
  tools: readonly ToolDefinition[],
): { questions: string; answers: string } {
  const exported = exportBfcl(suite, tools);
  return { questions: exported.questions, answers: exported.answers };
}

export const fileNameOf = (name: string, extension: string): string =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'suite'
  }${extension}`;
