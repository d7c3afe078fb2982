import { BENCHMARK_USAGE } from './benchmark';
import { DIFF_USAGE } from './diff';
import { EVAL_USAGE } from './eval';
import { EXPORT_USAGE } from './export';
import { LINT_USAGE } from './lint';
import { LIST_USAGE } from './list';
import { SHOW_USAGE } from './show';
import { STATS_USAGE } from './stats';
import { VALIDATE_USAGE } from './validate';
import { BATCH_USAGE } from './validate-batch';
import { MCP_USAGE } from './mcp/usage';
import { SITE_USAGE } from './site/usage';
import { CONVERT_USAGE } from './convert';
import { EMULATOR_USAGE } from './emulator';

export const USAGE = `Usage: tool-schemas <command> [options]

Commands:
  list [--category <id>] [--count] [--show-versions] [--json]   list the tools by category
  show <tool> [--json] [--version]                              a tool's parameters, constraints and examples
  validate <tool> [--args <json>] [--verbose] [--lenient] [--json | --llm]
                                                                validate arguments (JSON on stdin)
  validate --batch <file|-> [--json] [--max-invalid-rate <p>]   check every tool call of a transcript
  lint [tool] [--json] [--max-warnings <n>] [--provider <p>]    audit the schemas (exit 1 on errors), or check a provider's rules
  lint [tool] --format sarif [--config <file>]                  SARIF 2.1.0 for code-scanning; rules off or re-ranked
  export [tool] --format <format> [--strict]                    a provider's tool format
  benchmark [tool] [--iterations <n>] [--json]                  validation and compile time, schema memory
  stats [--memory] [--tokens] [--json]                          counts, bundle size, schema memory, token cost
  import <file> --to <format>                                   convert tool definitions between formats
  diff <old> <new> [--json] [--fail-on breaking|minor]          semver diff of two definitions (tool@version or files)
  convert <file> --to-2020-12 [--json]                          rewrite older-draft schemas as 2020-12, listing changes
  eval <suite> --results <file> [--fail-under <p>] [--junit <f>] score an eval suite against logged runs (also --bfcl)
  eval <suite> --model <provider:model>… [--versus <toolset>]    run a suite on up to three models (keys from the environment)
  mcp list|lint|call|pin|verify|bridge <target>                 a live MCP server's tools (help mcp)
  emulator [--port <n>] [--scenario <name>]                     a model provider emulator on loopback: Models and Evals without a key
  site build|dev <input…> --out <dir>                           a static site of any toolset, like this one (help site)
  help [command]                                                this text, or one command's

Every command takes --toolset <id or file>: a bundled toolset (list --toolsets names them) or a file
of tool definitions in any format import reads. Without it the commands work on the Acode core tools.

Examples:
  tool-schemas list --category file_operations
  tool-schemas show read_file
  echo '{"path": "README.md"}' | tool-schemas validate read_file
  tool-schemas validate --batch eval-run.jsonl --max-invalid-rate 5%
  tool-schemas export read_file --format anthropic
  tool-schemas list --toolset prfactory-agent-tools
  tool-schemas lint --toolset mcp-tools.json
  tool-schemas import openai-tools.json --to mcp`;

export const COMMAND_USAGE: Record<string, string> = {
  list: LIST_USAGE,
  show: SHOW_USAGE,
  validate: VALIDATE_USAGE,
  'validate-batch': BATCH_USAGE,
  lint: LINT_USAGE,
  export: EXPORT_USAGE,
  benchmark: BENCHMARK_USAGE,
  stats: STATS_USAGE,
  diff: DIFF_USAGE,
  eval: EVAL_USAGE,
  mcp: MCP_USAGE,
  site: SITE_USAGE,
  convert: CONVERT_USAGE,
  emulator: EMULATOR_USAGE,
};
