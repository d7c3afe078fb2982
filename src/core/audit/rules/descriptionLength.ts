import type { AuditRule } from '../types';
import { reporter } from './finding';

export const PARAMETER_DESCRIPTION_MIN = 30;
export const PARAMETER_DESCRIPTION_MAX = 200;
export const TOOL_DESCRIPTION_MAX = 500;

/** Description standards: tools < 500 characters, parameters 30–200 characters, none missing. */
export const descriptionLength: AuditRule = {
  id: 'description-length',
  description: `Tool descriptions exist and are under ${TOOL_DESCRIPTION_MAX} characters; every property has a ${PARAMETER_DESCRIPTION_MIN}–${PARAMETER_DESCRIPTION_MAX} character description.`,
  check(context) {
    const { findings, report } = reporter(context, this.id);
    const toolDescription = context.tool.description?.trim() ?? '';
    if (toolDescription.length === 0) {
      report('error', 'The tool has no description; describe what it does and when to use it (under 500 characters).');
    } else if (toolDescription.length >= TOOL_DESCRIPTION_MAX) {
      report('error', `The tool description has ${toolDescription.length} characters; shorten it below ${TOOL_DESCRIPTION_MAX} so it does not bloat prompts.`);
    } else if (toolDescription.length < PARAMETER_DESCRIPTION_MIN) {
      report('info', `The tool description has only ${toolDescription.length} characters; say when to use the tool as well as what it does.`);
    }
    for (const node of context.nodes) {
      if (node.kind !== 'property') continue;
      const description = node.schema.description;
      if (typeof description !== 'string' || description.trim().length === 0) {
        report('error', `Parameter '${node.parameter}' has no description; add ${PARAMETER_DESCRIPTION_MIN}–${PARAMETER_DESCRIPTION_MAX} characters saying what it is, its constraints and an example.`, node.parameter);
        continue;
      }
      const length = description.trim().length;
      if (length < PARAMETER_DESCRIPTION_MIN) {
        report('warning', `Description of '${node.parameter}' has ${length} characters (minimum ${PARAMETER_DESCRIPTION_MIN}); too short to guide a model, add constraints or an example.`, node.parameter);
      } else if (length > PARAMETER_DESCRIPTION_MAX) {
        report('warning', `Description of '${node.parameter}' has ${length} characters (maximum ${PARAMETER_DESCRIPTION_MAX}); shorten it so it does not bloat prompts.`, node.parameter);
      }
    }
    return findings;
  },
};
