import { tool as codeSearch } from './code_search';
import { tool as dependencyMap } from './dependency_map';
import { tool as findReferences } from './find_references';
import { tool as parseAst } from './parse_ast';

export const analysisTools = [codeSearch, dependencyMap, parseAst, findReferences];
