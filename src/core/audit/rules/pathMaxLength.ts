import { hasType, snakeWords } from '../schemaWalk';
import type { AuditRule } from '../types';
import { reporter } from './finding';
import { unboundedSeverity } from './stringMaxLength';

const PATH_MAX_LENGTH = 4096;
const PATH_NAMES = new Set(['path', 'source', 'destination', 'working_directory', 'file_path']);

/** Parameters that hold file system paths, by the naming convention the toolset follows. */
const isPathParameter = (name: string): boolean =>
  PATH_NAMES.has(snakeWords(name)) || snakeWords(name).endsWith('_path');

/** Checklist: all file path parameters use the same maxLength (4096). */
export const pathMaxLength: AuditRule = {
  id: 'path-max-length',
  description: `Path parameters (path, *_path, source, destination, working_directory, file_path) use maxLength ${PATH_MAX_LENGTH}.`,
  check(context) {
    const { findings, report } = reporter(context, this.id);
    for (const node of context.nodes) {
      if (!isPathParameter(node.name) || !hasType(node.schema, 'string')) continue;
      const maxLength = node.schema.maxLength;
      if (typeof maxLength === 'number' && maxLength !== PATH_MAX_LENGTH) {
        report(
          'error',
          `Path parameter '${node.parameter}' has maxLength ${maxLength}; use ${PATH_MAX_LENGTH} like every other path parameter.`,
          node.parameter,
        );
      } else if (typeof maxLength !== 'number') {
        report(
          unboundedSeverity(context.tool),
          `Path parameter '${node.parameter}' has no maxLength; add maxLength ${PATH_MAX_LENGTH}.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
