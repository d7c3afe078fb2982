import type { AuditRule } from '../types';
import { reporter } from './finding';

/** The description standard ("Descriptions MUST be 30-200 characters"), for tools and parameters alike. */
const DESCRIPTION_MIN = 30;
const DESCRIPTION_MAX = 200;
const PARAMETER_DESCRIPTION_MIN = DESCRIPTION_MIN;
const PARAMETER_DESCRIPTION_MAX = DESCRIPTION_MAX;
/** Past this a tool description is not just long but a prompt-bloating error. */
const TOOL_DESCRIPTION_MAX = 500;

/** Description standards: every description exists and is 30–200 characters; a tool's of 500 or more is an error. */
export const descriptionLength: AuditRule = {
  id: 'description-length',
  description: `The tool and every property have a ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} character description (a tool description of ${TOOL_DESCRIPTION_MAX} or more is an error).`,
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const toolDescription = context.tool.description?.trim() ?? '';
    if (toolDescription.length === 0) {
      report(
        'error',
        `The tool has no description; describe what it does and when to use it in ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} characters.`,
      );
    } else if (toolDescription.length >= TOOL_DESCRIPTION_MAX) {
      report(
        'error',
        `The tool description has ${toolDescription.length} characters (maximum ${DESCRIPTION_MAX}); shorten it well below ${TOOL_DESCRIPTION_MAX} so it does not bloat every prompt.`,
      );
    } else if (toolDescription.length > DESCRIPTION_MAX) {
      report(
        'warning',
        `The tool description has ${toolDescription.length} characters (maximum ${DESCRIPTION_MAX}); shorten it so it does not bloat every prompt, moving detail to the parameter descriptions.`,
      );
    } else if (toolDescription.length < DESCRIPTION_MIN) {
      report(
        'warning',
        `The tool description has ${toolDescription.length} characters (minimum ${DESCRIPTION_MIN}); say when to use the tool as well as what it does.`,
      );
    }
    for (const node of context.nodes) {
      if (node.kind !== 'property') continue;
      const description = node.schema.description;
      if (typeof description !== 'string' || description.trim().length === 0) {
        report(
          'error',
          `Parameter '${node.parameter}' has no description; add ${PARAMETER_DESCRIPTION_MIN}–${PARAMETER_DESCRIPTION_MAX} characters saying what it is, its constraints and an example.`,
          node.parameter,
        );
        continue;
      }
      const length = description.trim().length;
      if (length < PARAMETER_DESCRIPTION_MIN) {
        report(
          'warning',
          `Description of '${node.parameter}' has ${length} characters (minimum ${PARAMETER_DESCRIPTION_MIN}); too short to guide a model, add constraints or an example.`,
          node.parameter,
        );
      } else if (length > PARAMETER_DESCRIPTION_MAX) {
        report(
          'warning',
          `Description of '${node.parameter}' has ${length} characters (maximum ${PARAMETER_DESCRIPTION_MAX}); shorten it so it does not bloat prompts.`,
          node.parameter,
        );
      }
    }
    return findings;
  },
};
