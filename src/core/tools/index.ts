/** The handlers of every bundled toolset, by toolset id: a bundled tool without one here cannot execute. */
import type { ToolImplementation } from '../runtime/types';
import { acodeImplementations } from './acode';
import { prfactoryImplementations } from './prfactory';

const TOOLSET_IMPLEMENTATIONS: Record<string, () => Map<string, ToolImplementation>> = {
  'acode-core': acodeImplementations,
  'prfactory-agent-tools': prfactoryImplementations,
};

export function implementationsFor(toolsetId: string): Map<string, ToolImplementation> {
  return TOOLSET_IMPLEMENTATIONS[toolsetId]?.() ?? new Map();
}
