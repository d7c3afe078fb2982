import { describe, expect, it } from 'vitest';
import { parse } from 'just-bash';
import { command, exists, literal, pipelineOf, statement, statusWord, substitution } from './shell-tree';

/** The node as the parser gives it, without what only says where it was written. */
const shape = (node: unknown) =>
  JSON.parse(
    JSON.stringify(node, (key, value: unknown) => (key === 'line' || key === 'sourceText' ? undefined : value)),
  );

/** The first statement of `text`, as just-bash's parser gives it. */
const parsed = (text: string) => shape(parse(text).statements[0]);

describe("the shell's tree builders", () => {
  it("build what just-bash's parser gives for the same text (the browser's build has no parser to ask)", () => {
    expect(shape(statement([exists(literal('/a')), pipelineOf(command(':', []))], ['||']))).toEqual(
      parsed('test -e /a || :'),
    );
    const word = { type: 'Word', parts: [substitution('prepare', [statusWord(), literal('b')], 1)] };
    expect(shape(statement([pipelineOf(command('echo', [word]))], []))).toEqual(parsed('echo $(prepare "$?" b)'));
  });

  it('set the line of a command only when given one', () => {
    expect(command('a', [], 3)).toHaveProperty('line', 3);
    expect(command('a', [])).not.toHaveProperty('line');
  });
});
