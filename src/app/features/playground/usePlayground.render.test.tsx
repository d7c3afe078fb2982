// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { findTool } from '../../../core/toolset/bundle';
import type { ToolDefinition } from '../../../core/toolset/types';
import { createMemoryStore } from '../../lib/storage';
import { mountRootPerTest } from '../../lib/mountedRoot.test-support';
import { ValidatorContext } from '../../lib/ValidatorContext';
import { createPage, PageContext } from '../../lib/page';
import { createCompilingValidator } from '../../../core/validation/compile';
import { usePlayground, type Playground } from './usePlayground';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const validator = createCompilingValidator();
const store = createMemoryStore();
const page = createPage();
const mounted = mountRootPerTest();
let seen: Playground | null = null;

function Probe({ tool }: { tool: ToolDefinition }) {
  seen = usePlayground(tool, undefined, 'acode-core', undefined, { store });
  return null;
}

const render = (tool: ToolDefinition) =>
  act(() =>
    mounted.root.render(
      <PageContext value={page}>
        <ValidatorContext value={validator}>
          <Probe tool={tool} />
        </ValidatorContext>
      </PageContext>,
    ),
  );

describe('usePlayground when its tool is given again', () => {
  it('keeps what was typed when the same tool is defined anew (a live server publishing its tools again)', () => {
    const readFile = findTool('read_file')!;
    render(readFile);
    act(() => seen!.setTextFromEditor('{"path": "typed.md"}'));
    render(structuredClone(readFile));
    expect(seen!.text).toBe('{"path": "typed.md"}');
    expect(seen!.result?.valid).toBe(true);
  });

  it('starts another tool from its own text', () => {
    render(findTool('read_file')!);
    act(() => seen!.setTextFromEditor('{"path": "typed.md"}'));
    render(findTool('git_status')!);
    expect(seen!.text).not.toContain('typed.md');
  });
});
