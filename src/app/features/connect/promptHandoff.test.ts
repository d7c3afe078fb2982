import { describe, expect, it } from 'vitest';
import { promptAsUserMessage } from './promptHandoff';

describe('promptAsUserMessage', () => {
  it('takes a single user message as it is', () => {
    expect(promptAsUserMessage([{ role: 'user', content: { type: 'text', text: 'Greet Ada in a formal way.' } }])).toBe(
      'Greet Ada in a formal way.',
    );
  });
  it('writes several messages as a transcript under their roles, describing what is not text', () => {
    expect(
      promptAsUserMessage([
        { role: 'user', content: { type: 'text', text: 'Review this.' } },
        { role: 'assistant', content: { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
      ]),
    ).toBe('User: Review this.\n\nAssistant: [image image/png, 8 bytes]');
  });
});
