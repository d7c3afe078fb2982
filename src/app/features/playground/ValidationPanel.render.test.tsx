import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ValidationResult } from '../../../core/validation/types';
import { ValidationPanel } from './ValidationPanel';

const invalid = {
  valid: false,
  errors: [{ parameter: 'path', code: 'invalid_type', message: 'path must be a string' }],
  warnings: [],
} as unknown as ValidationResult;

const noop = () => undefined;

describe('ValidationPanel', () => {
  it('shows the verdict when it is of the text on screen', () => {
    const html = renderToStaticMarkup(
      <ValidationPanel result={invalid} parseError={null} onSelectParameter={noop} onSelectPosition={noop} />,
    );
    expect(html).toContain('1 error');
    expect(html).toContain('path must be a string');
    expect(html).not.toContain('Checking');
  });

  it('while the verdict on the current text is pending, says so and shows nothing of the earlier verdict', () => {
    const html = renderToStaticMarkup(
      <ValidationPanel result={invalid} parseError={null} pending onSelectParameter={noop} onSelectPosition={noop} />,
    );
    expect(html).toContain('Checking these arguments…');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('1 error');
    expect(html).not.toContain('path must be a string');
    const parse = { message: 'Unexpected token', line: 1, column: 2, offset: 1 };
    const pendingParse = renderToStaticMarkup(
      <ValidationPanel result={null} parseError={parse} pending onSelectParameter={noop} onSelectPosition={noop} />,
    );
    expect(pendingParse).not.toContain('Not valid JSON');
  });
});
