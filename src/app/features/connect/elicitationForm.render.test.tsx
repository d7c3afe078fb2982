// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { withDefaults, type FormRequest } from '../../../core/mcp/input';
import { describeElicitation } from '../../../core/mcp/input/elicitation';
import type { JsonObject } from '../../../core/toolset/types';
import { ArgumentsForm } from '../../components/schemaForm/ArgumentsForm';
import { createAllOfMerge } from '../../components/schemaForm/rjsf/allOfMerge';
import { mountRootPerTest } from '../../lib/mountedRoot.test-support';
import { elicitationFormSchema } from './elicitationForm';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const request = describeElicitation({
  mode: 'form',
  message: 'Order',
  requestedSchema: {
    type: 'object',
    properties: {
      size: {
        type: 'string',
        title: 'Size',
        oneOf: [
          { const: 's', title: 'Small' },
          { const: 'l', title: 'Large' },
        ],
        default: 'l',
      },
      colour: { type: 'string', title: 'Colour', enum: ['red', 'blue'] },
      toppings: {
        type: 'array',
        title: 'Toppings',
        items: {
          anyOf: [
            { const: 'ham', title: 'Ham' },
            { const: 'egg', title: 'Egg' },
          ],
        },
      },
    },
  } as never,
}) as FormRequest;

const mounted = mountRootPerTest();
// The merge a page makes once and hands every form.
const pageAllOfMerge = createAllOfMerge();

describe('an elicitation form drawn by the site schema form', () => {
  it('shows titled and untitled choices as selects with the default chosen, and a multiple choice as a multiple select', () => {
    const data = withDefaults(request, {}) as JsonObject;
    act(() =>
      mounted.root.render(
        <ArgumentsForm
          schema={elicitationFormSchema(request)}
          formData={data}
          errors={{}}
          onChange={() => undefined}
          idPrefix="ask"
          allOfMerge={pageAllOfMerge}
        />,
      ),
    );
    const size = mounted.container.querySelector<HTMLSelectElement>('#ask_size')!;
    expect([...size.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Small', 'Large']));
    expect(size.selectedOptions[0]?.textContent).toBe('Large');
    const colour = mounted.container.querySelector<HTMLSelectElement>('#ask_colour')!;
    expect([...colour.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['red', 'blue']));
    const toppings = mounted.container.querySelector<HTMLSelectElement>('#ask_toppings')!;
    expect(toppings.multiple).toBe(true);
    expect([...toppings.options].map((option) => option.textContent)).toEqual(['Ham', 'Egg']);
    expect(mounted.container.querySelector('[id^="arg_"]')).toBeNull();
  });
});
