/** Every handler of the PRFactory toolset, by tool name. */
import type { ToolImplementation } from '../../runtime/types';
import { analysisTools } from './analysis';
import { commandTools } from './command';
import { fileSystemTools } from './filesystem';
import { gitTools } from './git';
import { jiraTools } from './jira';
import { searchTools } from './search';
import { webTools } from './web';

export function prfactoryImplementations(): Map<string, ToolImplementation> {
  const implementations: ToolImplementation[] = [
    ...fileSystemTools,
    ...searchTools,
    ...gitTools,
    ...jiraTools,
    ...analysisTools,
    ...commandTools,
    ...webTools,
  ];
  return new Map(implementations.map((implementation) => [implementation.name, implementation]));
}
