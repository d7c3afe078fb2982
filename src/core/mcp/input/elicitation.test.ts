import { describe, expect, it } from 'vitest';
import { createAjvCompiler, createCompilingValidator } from '../../validation/compile';
import { createValidator } from '../../validation/validator';
import type { JsonSchema } from '../../toolset/types';
import { checkAnswer, describeElicitation, formFields, withDefaults, type FormRequest } from './elicitation';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email', title: 'E-mail' },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
      default: 's',
    },
    legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
    tags: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'x', title: 'Ex' },
          { const: 'y', title: 'Why' },
        ],
      },
    },
    count: { type: 'integer', minimum: 1, maximum: 3 },
  },
  required: ['email'],
};

describe('form elicitation', () => {
  it('reads each kind of field: titled and untitled enums, single and multi select, defaults', () => {
    expect(
      formFields(schema).map(({ name, title, type, required, options, default: initial }) => ({
        name,
        title,
        type,
        required,
        options,
        initial,
      })),
    ).toEqual([
      { name: 'email', title: 'E-mail', type: 'string', required: true, options: undefined, initial: undefined },
      {
        name: 'size',
        title: 'size',
        type: 'string',
        required: false,
        options: [
          { value: 's', label: 'Small' },
          { value: 'l', label: 'Large' },
        ],
        initial: 's',
      },
      {
        name: 'legacy',
        title: 'legacy',
        type: 'string',
        required: false,
        options: [
          { value: 'a', label: 'Alpha' },
          { value: 'b', label: 'Beta' },
        ],
        initial: undefined,
      },
      {
        name: 'tags',
        title: 'tags',
        type: 'array',
        required: false,
        options: [
          { value: 'x', label: 'Ex' },
          { value: 'y', label: 'Why' },
        ],
        initial: undefined,
      },
      { name: 'count', title: 'count', type: 'integer', required: false, options: undefined, initial: undefined },
    ]);
  });

  it('fills defaults and checks the answer with the project validator', () => {
    const request = describeElicitation({
      mode: 'form',
      message: 'Order',
      requestedSchema: schema as never,
    }) as FormRequest;
    const filled = withDefaults(request, { email: 'a@b.example', count: 2 });
    expect(filled).toEqual({ email: 'a@b.example', count: 2, size: 's' });
    const validator = createCompilingValidator();
    expect(checkAnswer(request, filled, validator)).toEqual([]);
    expect(
      checkAnswer(request, { count: 9 }, validator)
        .map((error) => error.parameter)
        .sort(),
    ).toEqual(['count', 'email']);
  });

  it('compiles a form asked again (a new object with the same schema) once, and still checks each answer', () => {
    const compiler = createAjvCompiler();
    const compiled: JsonSchema[] = [];
    const validator = createValidator({
      compile: { ...compiler, compile: (asked) => (compiled.push(asked), compiler.compile(asked)) },
    });
    const ask = (): FormRequest => {
      const copy = JSON.parse(JSON.stringify(schema)) as JsonSchema;
      return { mode: 'form', message: 'Who?', schema: copy, fields: formFields(copy) };
    };
    expect(checkAnswer(ask(), { email: 'a@example.com', count: 2 }, validator)).toEqual([]);
    expect(checkAnswer(ask(), { email: 'a@example.com', count: 9 }, validator).map((error) => error.parameter)).toEqual(
      ['count'],
    );
    expect(compiled).toHaveLength(1);
    // Another form is compiled for itself.
    const other = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } as JsonSchema;
    expect(checkAnswer({ mode: 'form', message: '', schema: other, fields: [] }, {}, validator)).toHaveLength(1);
    expect(compiled).toHaveLength(2);
  });

  it('a URL request names its domain', () => {
    expect(
      describeElicitation({
        mode: 'url',
        message: 'Go',
        url: 'https://login.example.org:8443/x?y=1',
        elicitationId: 'e1',
      }),
    ).toEqual({
      mode: 'url',
      message: 'Go',
      url: 'https://login.example.org:8443/x?y=1',
      domain: 'login.example.org:8443',
      elicitationId: 'e1',
    });
  });
});
