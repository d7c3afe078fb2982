/** find_symbol: where a class, method, function or variable is defined, and optionally every use of it. */
import type { ToolImplementation } from '../../../runtime/types';
import { booleanArg, fail, optionalStringArg, quote, stringArg, succeed } from '../../support/handler';
import { parseSymbolQuery, searchSymbol, SYMBOL_TYPE_KINDS } from './symbol-index';
import { describeScope, resolveScope } from './sources';

const MAX_REFERENCES = 500;

export const tool: ToolImplementation = {
  name: 'find_symbol',

  async run(args, context) {
    const symbolName = stringArg(args, 'symbol_name').trim();
    if (symbolName === '')
      return fail('validation_failed', "Parameter 'symbol_name' must name a symbol (at least one character)");
    const symbolType = optionalStringArg(args, 'symbol_type');
    if (symbolType !== undefined && !(symbolType in SYMBOL_TYPE_KINDS)) {
      return fail(
        'validation_failed',
        `Parameter 'symbol_type' must be one of ${Object.keys(SYMBOL_TYPE_KINDS).join(', ')}; got '${symbolType}'`,
      );
    }
    const includeReferences = booleanArg(args, 'include_references', false);
    const scopeResolution = await resolveScope(context.workspace, optionalStringArg(args, 'path'), undefined);
    if (!scopeResolution.ok) return scopeResolution.outcome;
    const scope = scopeResolution.scope;

    context.reportProgress({ fraction: null, message: `Parsing source files in ${describeScope(scope)}` });
    const query = parseSymbolQuery(symbolName);
    const kinds = symbolType ? SYMBOL_TYPE_KINDS[symbolType]! : null;
    const options = { scope, kinds, includeReferences, signal: context.signal };
    let result = await searchSymbol(context.workspace, query, { ...options, caseSensitive: true });
    let caseNote = '';
    if (result.definitions.length === 0) {
      // Agents often guess the casing ("userservice"); a case-insensitive match is better than nothing.
      const relaxed = await searchSymbol(context.workspace, query, { ...options, caseSensitive: false });
      if (relaxed.definitions.length > 0) {
        result = relaxed;
        caseNote = ' (matched ignoring case)';
      }
    }

    const references = result.references.slice(0, MAX_REFERENCES);
    const data = { kind: 'symbols' as const, symbol: symbolName, definitions: result.definitions, references };
    const typeLabel = symbolType ? `${symbolType} ` : '';
    if (result.definitions.length === 0 && references.length === 0) {
      return fail(
        'symbol_not_found',
        `No ${typeLabel}definition of '${symbolName}' found in ${describeScope(scope)} (${result.filesParsed} source files mention the name; TypeScript, JavaScript, Python and C# are parsed)`,
        data,
        [
          `Try semantic_search with a description of what '${symbolName}' does`,
          'Check the spelling, or drop symbol_type to search every kind',
        ],
      );
    }
    const parts = [
      `${result.definitions.length} ${typeLabel}definition${result.definitions.length === 1 ? '' : 's'} of '${symbolName}'${caseNote}`,
    ];
    if (includeReferences) {
      parts.push(
        `${result.references.length} reference${result.references.length === 1 ? '' : 's'}${result.references.length > MAX_REFERENCES ? ` (first ${MAX_REFERENCES} shown)` : ''}`,
      );
    }
    const outcome = succeed(data, `Found ${parts.join(' and ')} in ${describeScope(scope)}`);
    if (result.definitions.length === 0)
      outcome.message += '; no definition found, only uses (it may come from a library)';
    return outcome;
  },

  summarize(args) {
    const symbolType = optionalStringArg(args, 'symbol_type');
    const path = optionalStringArg(args, 'path');
    const references = booleanArg(args, 'include_references', false) ? ' with references' : '';
    return `Find ${symbolType ?? 'symbol'} '${quote(stringArg(args, 'symbol_name'))}'${path ? ` in '${quote(path)}'` : ''}${references}`;
  },
};
