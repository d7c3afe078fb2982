import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createPageValidator } from './pageValidator';
import { useValidator, ValidatorContext } from './ValidatorContext';

function Shows() {
  return <p>{useValidator().canCompile ? 'compiles' : 'generated only'}</p>;
}

describe('ValidatorContext', () => {
  it('gives components the validator the entry point provides', () => {
    expect(
      renderToStaticMarkup(
        <ValidatorContext value={createPageValidator()}>
          <Shows />
        </ValidatorContext>,
      ),
    ).toBe('<p>generated only</p>');
  });

  it('has no validator of its own: a tree without one fails at once, naming what is missing', () => {
    expect(() => renderToStaticMarkup(<Shows />)).toThrow(/no validator was provided/);
  });
});
