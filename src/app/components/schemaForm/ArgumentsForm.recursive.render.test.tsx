// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { JsonSchema } from '../../../core/toolset/types';
import { ArgumentsForm } from './ArgumentsForm';
import { createAllOfMerge } from './rjsf/allOfMerge';
import { mountRootPerTest } from '../../lib/mountedRoot.test-support';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A tree of nodes: each node names itself and holds a child node and a list of nodes, through `$ref`. */
const tree: JsonSchema = {
  type: 'object',
  properties: { root: { $ref: '#/$defs/node' } },
  $defs: {
    node: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        child: { $ref: '#/$defs/node' },
        children: { type: 'array', items: { $ref: '#/$defs/node' } },
      },
    },
  },
};

const mounted = mountRootPerTest();
// The merge a page makes once and hands every form.
const pageAllOfMerge = createAllOfMerge();

describe('ArgumentsForm on a recursive schema', () => {
  it('draws the fields it has, and each place the schema recurses behind an Expand button', () => {
    const onChange = vi.fn();
    act(() =>
      mounted.root.render(
        <ArgumentsForm
          schema={tree}
          formData={{ root: { name: 'a' } }}
          errors={{}}
          onChange={onChange}
          allOfMerge={pageAllOfMerge}
        />,
      ),
    );
    const container = mounted.container;
    expect(container.querySelector<HTMLInputElement>('#arg_root_name')?.value).toBe('a');
    // root.child has the schema of root: not unfolded until asked.
    expect(container.querySelector('#arg_root_child_name')).toBeNull();
    const note = container.querySelector('.form-recursive');
    expect(note?.textContent).toContain("'child' has the schema of a field that contains it");
    const expand = container.querySelector<HTMLButtonElement>('#arg_root_child-button')!;
    expect(expand.textContent).toBe('Expand');
    act(() => expand.click());
    // Unfolded to the next place it recurses, which waits again.
    expect(container.querySelector('#arg_root_child_name')).not.toBeNull();
    expect(container.querySelector('#arg_root_child_child_child-button')).not.toBeNull();
    expect(container.querySelector('#arg_root_child_child_child_name')).toBeNull();
    act(() => {
      const input = container.querySelector<HTMLInputElement>('#arg_root_child_name')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, 'b');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onChange).toHaveBeenLastCalledWith({ root: { name: 'a', child: { name: 'b' } } }, { root: { name: 'a' } });
  });
});
