// @vitest-environment jsdom
import { act, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { JsonObject, JsonSchema } from '../../../core/toolset/types';
import { ArgumentsForm } from './ArgumentsForm';
import { createAllOfMerge, hasAllOf } from './rjsf/allOfMerge';
import { mountRootPerTest } from '../../lib/mountedRoot.test-support';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema: JsonSchema = {
  type: 'object',
  required: ['path'],
  properties: {
    path: { type: 'string' },
    recursive: { type: 'boolean', default: false },
    encoding: { type: 'string', enum: ['utf-8', 'ascii'], default: 'utf-8' },
    files: { type: 'array', items: { type: 'string' } },
    env: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

const mounted = mountRootPerTest();
// The merge a page makes once and hands every form.
const pageAllOfMerge = createAllOfMerge();

function render(formData: JsonObject, readonly = false, onChange = vi.fn()) {
  act(() =>
    mounted.root.render(
      <ArgumentsForm
        schema={schema}
        formData={formData}
        errors={{}}
        onChange={onChange}
        readonly={readonly}
        allOfMerge={pageAllOfMerge}
      />,
    ),
  );
  return onChange;
}

const select = (id: string) => mounted.container.querySelector<HTMLSelectElement>(`#${id}`)!;
const selectedText = (id: string) => select(id).selectedOptions[0]?.textContent;

describe('ArgumentsForm selects', () => {
  it('show a value outside the choices as itself, selected, disabled and marked invalid', () => {
    render({ path: 'a', recursive: 'yes', encoding: 'latin1' });
    expect(selectedText('arg_recursive')).toBe('"yes" (invalid)');
    expect(select('arg_recursive').selectedOptions[0]!.disabled).toBe(true);
    expect(select('arg_recursive').getAttribute('aria-invalid')).toBe('true');
    expect(selectedText('arg_encoding')).toBe('"latin1" (invalid)');
  });

  it('show an unset value as "not set" and a valid one as its option', () => {
    render({ path: 'a', recursive: true });
    expect(selectedText('arg_recursive')).toBe('Yes');
    expect(selectedText('arg_encoding')).toBe('Not set (default "utf-8")');
    expect(select('arg_recursive').getAttribute('aria-invalid')).toBeNull();
  });

  it('picking a real choice replaces the invalid value', () => {
    const onChange = render({ path: 'a', encoding: 'latin1' });
    act(() => {
      select('arg_encoding').value = '1';
      select('arg_encoding').dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onChange).toHaveBeenLastCalledWith({ path: 'a', encoding: 'ascii' }, { path: 'a', encoding: 'latin1' });
  });
});

describe('ArgumentsForm read-only (the JSON does not parse)', () => {
  it('shows the data but takes no edits: inputs read-only, selects and buttons disabled', () => {
    render({ path: 'a', encoding: 'ascii', files: ['x'], env: { NODE_ENV: 'test' } }, true);
    expect(mounted.container.querySelector<HTMLInputElement>('#arg_path')!.readOnly).toBe(true);
    expect(mounted.container.querySelector<HTMLInputElement>('#arg_path')!.value).toBe('a');
    expect(select('arg_encoding').disabled).toBe(true);
    expect(mounted.container.querySelector<HTMLInputElement>('#arg_env_NODE_ENV-key')!.disabled).toBe(true);
    const buttons = [...mounted.container.querySelectorAll('button')];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.filter((button) => !button.disabled).map((button) => button.getAttribute('aria-label'))).toEqual([]);
  });
});

describe('ArgumentsForm array items', () => {
  it('label each item like its buttons ("files item 1"), without a required mark', () => {
    render({ path: 'a', files: ['x', 'y'] });
    const label = mounted.container.querySelector('label[for="arg_files_1"]');
    expect(label?.textContent).toBe('files item 2');
  });
});

describe('ArgumentsForm with allOf', () => {
  it("waits for rjsf's merge, loaded for such a schema only, then draws the parts' parameters as one object", async () => {
    const allOfSchema: JsonSchema = {
      type: 'object',
      allOf: [
        { properties: { path: { type: 'string' } }, required: ['path'] },
        { properties: { limit: { type: 'integer', maximum: 10 } } },
      ],
    };
    const allOfMerge = createAllOfMerge();
    const warn = vi.spyOn(console, 'warn');
    expect(hasAllOf(schema)).toBe(false);
    expect(hasAllOf(allOfSchema)).toBe(true);
    await act(async () => {
      mounted.root.render(
        <Suspense fallback={<p id="waiting">Loading form…</p>}>
          <ArgumentsForm
            schema={allOfSchema}
            formData={{ path: 'a' }}
            errors={{}}
            onChange={vi.fn()}
            allOfMerge={allOfMerge}
          />
        </Suspense>,
      );
    });
    await act(async () => {
      await allOfMerge.loading();
    });
    expect(mounted.container.querySelector('#waiting')).toBeNull();
    // Never drawn before the merge was here: rjsf says so when it draws an allOf it could not merge.
    expect(warn).not.toHaveBeenCalledWith(
      expect.stringMatching(/could not merge subschemas in allOf/),
      expect.anything(),
    );
    expect(mounted.container.querySelector<HTMLInputElement>('#arg_path')!.value).toBe('a');
    expect(mounted.container.querySelector('#arg_limit')).not.toBeNull();
    expect(allOfMerge.loading()).toBeNull();
    warn.mockRestore();
  });
});
