import { lazy } from 'react';
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { WhenNear } from '../../components/WhenNear';

// The semver diff and its views load when the section comes near the screen.
const VersionsCompare = lazy(() => import('./VersionsCompare').then((module) => ({ default: module.VersionsCompare })));

/** The tool's versions and a comparison of any two definitions. */
export function VersionsSection({ toolset, tool }: { toolset: ToolsetBundle; tool: ToolDefinition }) {
  return (
    <WhenNear
      placeholder={
        <p className="muted" role="status" data-testid="versions">
          Loading the versions…
        </p>
      }
    >
      <VersionsCompare toolset={toolset} tool={tool} />
    </WhenNear>
  );
}
