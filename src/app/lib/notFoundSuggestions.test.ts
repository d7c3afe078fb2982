import { describe, expect, it } from 'vitest';
import { toolSuggestions, toolsetSuggestions } from './notFoundSuggestions';
import { collection } from '../../core/toolset/bundle';
import type { ToolsetEntry } from './toolset';

// The bundled toolsets as the toolsets service lists them.
const entries: ToolsetEntry[] = collection.toolsets.map((toolset) => ({
  toolset: { manifest: toolset.manifest, toolNames: toolset.tools.map((tool) => tool.name) },
  origin: 'bundled',
}));
const entry = (id: string) => entries.find((candidate) => candidate.toolset.manifest.id === id)!;

describe('what "Not found" suggests', () => {
  it('the closest toolset to an unknown id, by id or name', () => {
    expect(toolsetSuggestions('prfactory', entries)).toEqual([
      { href: '/toolsets/prfactory-agent-tools/', label: 'PRFactory.AgentTools' },
    ]);
    expect(toolsetSuggestions('nothing-like-it', entries)).toEqual([]);
  });
  it("with a tool name, that toolset's closest tool", () => {
    expect(toolsetSuggestions('prfactory', entries, 'readfile')).toEqual([
      { href: '/toolsets/prfactory-agent-tools/tools/ReadFile/', label: 'ReadFile in PRFactory.AgentTools' },
    ]);
  });
  it('the closest tool to an unknown name, in its toolset, else in the others', () => {
    expect(toolSuggestions('readfile', entry('acode-core'), entries)[0]).toEqual({
      href: '/tools/read_file/',
      label: 'read_file',
    });
    expect(toolSuggestions('WebFetch', entry('acode-core'), entries)).toEqual([
      { href: '/toolsets/prfactory-agent-tools/tools/WebFetch/', label: 'WebFetch in PRFactory.AgentTools' },
    ]);
    expect(toolSuggestions('zzzzzzzz', entry('acode-core'), entries)).toEqual([]);
  });
});
