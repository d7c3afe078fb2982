// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import fields from '@rjsf/core/lib/components/fields/index.js';
import widgets from '@rjsf/core/lib/components/widgets/index.js';
import templates from '@rjsf/core/lib/components/templates/index.js';
import type { RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formValidator } from '../formValidator';
import getDefaultRegistry from './registry';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("the form's registry", () => {
  it("names every field, widget and template rjsf's own default registry has", () => {
    const registry = getDefaultRegistry();
    expect(Object.keys(registry.fields).sort()).toEqual(Object.keys(fields()).sort());
    expect(Object.keys(registry.widgets).sort()).toEqual(Object.keys(widgets()).sort());
    expect(Object.keys(registry.templates).sort()).toEqual(Object.keys(templates()).sort());
  });

  it('keeps the fields and widgets rjsf draws for every schema as they are', () => {
    const registry = getDefaultRegistry();
    const own: Record<string, unknown> = { ...fields(), ...widgets() };
    const ours: Record<string, unknown> = { ...registry.fields, ...registry.widgets };
    for (const name of [
      'SchemaField',
      'ObjectField',
      'ArrayField',
      'StringField',
      'TextWidget',
      'SelectWidget',
      'CheckboxWidget',
    ])
      expect(ours[name], name).toBe(own[name]);
  });

  it('draws a widget loaded on demand once its code is there', async () => {
    const widgetsOnDemand = getDefaultRegistry().widgets as RegistryWidgetsType;
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const schema: RJSFSchema = { type: 'object', properties: { colour: { type: 'string', format: 'color' } } };
    const formData: Record<string, unknown> = { colour: '#ff0000' };
    await act(async () =>
      root.render(<Form schema={schema} formData={formData} validator={formValidator} widgets={widgetsOnDemand} />),
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(container.querySelector<HTMLInputElement>('input[type="color"]')?.value).toBe('#ff0000');
    act(() => root.unmount());
    container.remove();
  });
});
