import { describe, expect, it } from 'vitest';
import { parse } from 'just-bash';
import { PIPE_RESTORE, pipelineWithCheck } from './pipe-check';
import { createLoopTimeLimit } from './time-limit';

/** The node as the parser gives it, without what only says where it was written. */
const shape = (node: unknown) =>
  JSON.parse(
    JSON.stringify(node, (key, value: unknown) => (key === 'line' || key === 'sourceText' ? undefined : value)),
  );

describe('the check after a pipeline', () => {
  it("is what just-bash's parser gives for its text (the browser's build has no parser to ask)", () => {
    const pipeline = parse('! a | b').statements[0]!.pipelines[0]!;
    const { wrapper } = pipelineWithCheck(pipeline as unknown as Record<string, unknown>, '/R/pipe', '/R/go');
    const store = 'test -e "/R/pipe/${PIPESTATUS[0]}/${PIPESTATUS[1]}"';
    const text = `! { a | b && ${store} || ${store}; test -e /R/go || exit 124; ${PIPE_RESTORE} && builtin __just_bash_tee_restore \${PIPESTATUS[0]} \${PIPESTATUS[1]}; }`;
    expect(shape(wrapper)).toEqual(shape(parse(text).statements[0]!.pipelines[0]));
  });
});

describe('which pipelines get the check', () => {
  const checked = (script: string) => {
    const limit = createLoopTimeLimit(Date.now() + 60_000, () => () => ({ script: '', statements: 0 }));
    const { ast } = limit.plugin.transform({ ast: parse(script), metadata: {} });
    return JSON.stringify(ast).includes(PIPE_RESTORE);
  };

  it.each([
    'echo a | cat',
    'grep x f | sort | uniq -c',
    'cat a b | head -n 2 | wc -l; echo a | tr a b',
    './setup.sh; echo a | cat',
    'bash setup.sh; echo a | tr a b',
    'command -v sort && echo b a | sort | head -n 1',
  ])('not one of plain commands: %s', (script) => expect(checked(script)).toBe(false));

  it.each([
    'f() { :; }; f | cat',
    'cat() { while :; do :; done; }; echo a | cat',
    'echo a | tr a b; function tr { :; }',
    'cat f | g; g() { :; }',
    'echo a | bash -c cat',
    'eval x | cat',
    'echo $(ls) | cat',
    '$cmd | cat',
    'echo a | while read l; do :; done',
    'echo a | { cat; }',
    'node x.js | cat',
    "eval 'cat() { :; }'; echo a | cat",
    'echo a | cat; source lib.sh',
    '. ./lib.sh; grep x f | sort',
    'builtin eval x; echo a | cat',
    'alias x=y; echo a | cat',
    '$run x; echo a | cat',
  ])('one that may hold a loop or another shell: %s', (script) => expect(checked(script)).toBe(true));

  it('once a text of the run held eval or source, in every text the run reads after it', () => {
    const limit = createLoopTimeLimit(Date.now() + 60_000, () => () => ({ script: '', statements: 0 }));
    const pipes = (script: string) =>
      JSON.stringify(limit.plugin.transform({ ast: parse(script), metadata: {} }).ast).includes(PIPE_RESTORE);
    expect(pipes('echo a | cat')).toBe(false);
    expect(pipes('f() { eval "$1"; }')).toBe(false);
    expect(pipes('echo a | cat')).toBe(true);
  });
});
