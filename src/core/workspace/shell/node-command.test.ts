import { beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace, type WorkspaceImpl } from '../workspace';
import { runNodeProgram } from './node-runtime';

let workspace: WorkspaceImpl;
const run = (command: string, options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}) =>
  workspace.runShell(command, {
    cwd: options.cwd ?? '/workspace',
    env: options.env,
    timeoutMs: options.timeoutMs ?? 10_000,
  });

beforeEach(async () => {
  workspace = await createWorkspace();
});

describe('node: console, argv, env, cwd', () => {
  it('prints console.log to stdout and console.error/warn to stderr, formatted like Node', async () => {
    await workspace.writeText(
      'print.js',
      [
        "console.log('hello', 42, { a: 1, b: 'two', nested: { deep: { deeper: { deepest: 1 } } } }, [1, 'x'], null, undefined);",
        "console.info('%s has %d items (%j)', 'cart', 3, { ok: true });",
        "console.error('problem:', new Map([['k', 1]]), new Set([1, 2]));",
        "console.warn('careful');",
        'process.stdout.write("no newline");',
      ].join('\n'),
    );
    const result = await run('node print.js');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      "hello 42 { a: 1, b: 'two', nested: { deep: { deeper: [Object] } } } [ 1, 'x' ] null undefined\n" +
        'cart has 3 items ({"ok":true})\n' +
        'no newline',
    );
    expect(result.stderr).toBe("problem: Map(1) { 'k' => 1 } Set(2) { 1, 2 }\ncareful\n");
  });

  it('gives process.argv, process.env from the shell and process.cwd()', async () => {
    await workspace.writeText(
      'tools/args.js',
      'console.log(JSON.stringify({ args: process.argv.slice(1), env: process.env.NODE_ENV, port: process.env.PORT, cwd: process.cwd() }));',
    );
    const result = await run('mkdir -p sub && cd sub && node ../tools/args.js one "two words"', {
      env: { NODE_ENV: 'production', PORT: '3000' },
    });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      args: ['/workspace/tools/args.js', 'one', 'two words'],
      env: 'production',
      port: '3000',
      cwd: '/workspace/sub',
    });
    const exported = await run('export GREETING=hi; node -e "console.log(process.env.GREETING)"');
    expect(exported.stdout).toBe('hi\n');
  });

  it('evaluates -e and prints -p results; reads a program from stdin; reports its version', async () => {
    expect((await run('node -e "console.log(6 * 7)"')).stdout).toBe('42\n');
    expect((await run('node -p "[1, 2].map((n) => n * 2)"')).stdout).toBe('[ 2, 4 ]\n');
    expect((await run('node -p "\'plain string\'"')).stdout).toBe('plain string\n');
    expect((await run('node -p "process.argv.length" a b')).stdout).toBe('3\n');
    expect((await run('echo \'console.log("from stdin")\' | node')).stdout).toBe('from stdin\n');
    expect((await run('node --version')).stdout).toMatch(/^v20\.\d+\.\d+/);
    const bad = await run('node --definitely-not-an-option x.js');
    expect(bad.exitCode).toBe(9);
    expect(bad.stderr).toContain('bad option');
  });

  it('works in a pipeline', async () => {
    const result = await run('node -e "for (let i = 3; i > 0; i--) console.log(i)" | sort | head -2');
    expect(result.stdout).toBe('1\n2\n');
  });
});

describe('node: exit codes and errors', () => {
  it('exits with process.exit(code) and process.exitCode, without running later code', async () => {
    const exited = await run('node -e "console.log(1); process.exit(3); console.log(2)"; echo "code=$?"');
    expect(exited.stdout).toBe('1\ncode=3\n');
    const exitCode = await run('node -e "process.exitCode = 4; console.log(\'done\')"; echo "code=$?"');
    expect(exitCode.stdout).toBe('done\ncode=4\n');
    const caught = await run(
      'node -e "try { process.exit(2) } catch (e) { console.log(\'swallowed\') }"; echo "code=$?"',
    );
    expect(caught.stdout).toBe('code=2\n');
  });

  it('reports an uncaught error with the file, line and stack on stderr, exit 1', async () => {
    await workspace.writeText(
      'lib/fail.js',
      "function explode() {\n  throw new TypeError('bad input');\n}\nmodule.exports = { explode };\n",
    );
    await workspace.writeText(
      'main.js',
      "const { explode } = require('./lib/fail');\nconsole.log('before');\nexplode();\n",
    );
    const result = await run('node main.js');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('before\n');
    expect(result.stderr).toContain("/workspace/lib/fail.js:2\n  throw new TypeError('bad input');\n  ^");
    expect(result.stderr).toContain('TypeError: bad input');
    expect(result.stderr).toMatch(/at explode \(\/workspace\/lib\/fail\.js:2/);
    expect(result.stderr).not.toContain('node:internal/prelude');
  });

  it('reports syntax errors and a missing script', async () => {
    await workspace.writeText('broken.js', 'const = 1;\n');
    const syntax = await run('node broken.js');
    expect(syntax.exitCode).toBe(1);
    expect(syntax.stderr).toContain('SyntaxError');
    const missing = await run('node nowhere.js');
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("Cannot find module '/workspace/nowhere.js'");
  });

  it('stops an endless loop at the shell time limit', async () => {
    const result = await run('node -e "while (true) {}"', { timeoutMs: 1500 });
    expect(result.exitCode).toBe(124);
    expect(result.timedOut).toBe(true);
  });

  it('turns runaway recursion into a catchable error instead of crashing', async () => {
    const result = await run('node -e "function f() { return f() + 1 } try { f() } catch (e) { console.log(e.name) }"');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/RangeError|InternalError/);
    const uncaught = await run('node -e "function g() { return g() } g()"');
    expect(uncaught.exitCode).toBe(1);
    expect(uncaught.stderr.split('\n').filter((line) => line.includes('    at g')).length).toBe(10);
    expect((await run('node -e "console.log(1)"')).stdout).toBe('1\n');
  });
});

describe('node: memory limit', () => {
  it('refuses an allocation past its limit with an out-of-memory error, and the engine stays usable', async () => {
    const result = await runNodeProgram({
      program: {
        kind: 'eval',
        code: 'const big = new Uint8Array(64 * 1024 * 1024); big.fill(1);',
        print: false,
        filename: '[eval]',
      },
      args: [],
      cwd: '/workspace',
      env: {},
      fs: workspace.fs,
      deadline: Date.now() + 20_000,
      memoryLimitBytes: 16 * 1024 * 1024,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('out of memory');
    expect((await run('node -p "1 + 1"')).stdout).toBe('2\n');
  });
});

describe('node: require', () => {
  it('loads relative CommonJS modules, index.js, package.json main, JSON, and caches them', async () => {
    await workspace.writeText(
      'lib/math.js',
      'let loads = 0;\nloads++;\nexports.add = (a, b) => a + b;\nexports.loads = () => loads;\n',
    );
    await workspace.writeText('lib/index.js', "module.exports = { name: 'lib', math: require('./math') };\n");
    await workspace.writeText('pkg/package.json', '{ "main": "src/entry.js" }');
    await workspace.writeText('pkg/src/entry.js', "module.exports = 'entry:' + __filename + ':' + __dirname;\n");
    await workspace.writeText('data.json', '{ "items": [1, 2, 3] }');
    await workspace.writeText(
      'main.js',
      [
        "const lib = require('./lib');",
        "const math = require('./lib/math.js');",
        'console.log(lib.name, math.add(2, 3), lib.math === math, math.loads());',
        "console.log(require('./pkg'));",
        "console.log(require('./data.json').items.length, require.main === module);",
      ].join('\n'),
    );
    const result = await run('node main.js');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('lib 5 true 1\nentry:/workspace/pkg/src/entry.js:/workspace/pkg/src\n3 true\n');
  });

  it('finds packages in node_modules and names a missing module', async () => {
    await workspace.writeText(
      'node_modules/left-pad/index.js',
      "module.exports = (text, width) => String(text).padStart(width, ' ');\n",
    );
    expect((await run("node -p \"require('left-pad')('7', 3)\"", { cwd: '/workspace' })).stdout).toBe('  7\n');
    const missing = await run('node -e "require(\'./nope\')"');
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("Cannot find module './nope'");
    const http = await run('node -e "require(\'http\')"');
    expect(http.stderr).toContain("The built-in module 'http' is not available in the browser workspace");
  });

  it('provides path, util and assert', async () => {
    const script = [
      "const path = require('node:path');",
      "const util = require('util');",
      "const assert = require('assert');",
      "console.log(path.join('a', 'b', '../c.txt'), path.resolve('x'), path.dirname('/w/a/b.js'), path.basename('/w/a/b.js', '.js'), path.extname('f.tar.gz'), path.relative('/a/b', '/a/c/d'));",
      "console.log(util.format('%s=%d %o', 'n', 5, [1]));",
      'assert.ok(true); assert.equal(1, "1"); assert.deepStrictEqual({ a: [1] }, { a: [1] });',
      "assert.throws(() => { throw new TypeError('x') }, TypeError);",
      "try { assert.strictEqual(1, 2) } catch (e) { console.log(e.name, e.code, e.message.split('\\n')[0]) }",
      "try { assert.deepStrictEqual({ a: 1 }, { a: '1' }) } catch (e) { console.log(e.code) }",
      'try { assert.throws(() => {}) } catch (e) { console.log(e.message) }',
    ].join('\n');
    await workspace.writeText('modules.js', script);
    const result = await run('node modules.js', { cwd: '/workspace' });
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')).toEqual([
      'a/c.txt /workspace/x /w/a b .gz ../c/d',
      'n=5 [ 1 ]',
      'AssertionError ERR_ASSERTION Expected values to be strictly equal:',
      'ERR_ASSERTION',
      'Missing expected exception.',
      '',
    ]);
  });
});

describe('node: fs bridged to the workspace', () => {
  it('reads, writes, lists, stats and creates directories in the workspace', async () => {
    await workspace.writeText('in/notes.txt', 'alpha\nbeta\n');
    const script = [
      "const fs = require('fs');",
      "const lines = fs.readFileSync('in/notes.txt', 'utf8').trim().split('\\n');",
      "fs.mkdirSync('out/deep', { recursive: true });",
      "fs.writeFileSync('out/deep/result.txt', lines.reverse().join(','));",
      "fs.appendFileSync('out/deep/result.txt', '!');",
      "console.log(fs.existsSync('out/deep/result.txt'), fs.existsSync('missing.txt'));",
      "console.log(fs.readdirSync('out'), fs.statSync('out').isDirectory(), fs.statSync('in/notes.txt').size);",
      "console.log(fs.readFileSync('out/deep/result.txt').toString());",
      "try { fs.readFileSync('missing.txt') } catch (e) { console.log(e.code) }",
    ].join('\n');
    await workspace.writeText('fs.js', script);
    const result = await run('node fs.js && cat out/deep/result.txt');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe("true false\n[ 'deep' ] true 11\nbeta,alpha!\nENOENT\nbeta,alpha!");
    expect(await workspace.readText('out/deep/result.txt')).toBe('beta,alpha!');
  });

  it('refuses paths outside the workspace', async () => {
    await workspace.writeText(
      'escape.js',
      [
        "const fs = require('fs');",
        "for (const target of ['../../etc/passwd', '/etc/passwd', '/workspace/../tmp/x']) {",
        "  try { fs.readFileSync(target); console.log('read', target) } catch (e) { console.log(e.code, e.message) }",
        '}',
        "try { fs.writeFileSync('../outside.txt', 'x') } catch (e) { console.log(e.code) }",
        "console.log(fs.existsSync('/etc/passwd'));",
      ].join('\n'),
    );
    const result = await run('node escape.js');
    expect(result.stdout).toBe(
      "EACCES EACCES: permission denied (outside the workspace), open '../../etc/passwd'\n" +
        "EACCES EACCES: permission denied (outside the workspace), open '/etc/passwd'\n" +
        "EACCES EACCES: permission denied (outside the workspace), open '/workspace/../tmp/x'\n" +
        'EACCES\nfalse\n',
    );
    expect(await workspace.fs.exists('/outside.txt')).toBe(false);
    const direct = await run('node ../../etc/passwd');
    expect(direct.exitCode).toBe(1);
  });

  it('keeps writes made before an error', async () => {
    const result = await run("node -e \"require('fs').writeFileSync('partial.txt', 'kept'); throw new Error('late')\"");
    expect(result.exitCode).toBe(1);
    expect(await workspace.readText('partial.txt')).toBe('kept');
  });
});

describe('node: async', () => {
  it('runs promises, async/await and timers in order', async () => {
    await workspace.writeText(
      'async.js',
      [
        'const order = [];',
        "setTimeout(() => order.push('timeout 20'), 20);",
        "setTimeout(() => order.push('timeout 5'), 5);",
        "Promise.resolve().then(() => order.push('microtask'));",
        "process.nextTick(() => order.push('tick'));",
        'const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));',
        "async function main() { await sleep(10); order.push('after sleep'); return 'done'; }",
        'main().then((value) => { order.push(value); });',
        "setTimeout(() => console.log(order.join(' | ')), 50);",
        "order.push('sync');",
      ].join('\n'),
    );
    const result = await run('node async.js');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('sync | microtask | tick | timeout 5 | after sleep | done | timeout 20\n');
  });

  it('clears intervals and reports errors thrown in timers', async () => {
    const interval = await run(
      'node -e "let n = 0; const id = setInterval(() => { n++; if (n === 3) { clearInterval(id); console.log(n) } }, 5)"',
    );
    expect(interval.stdout).toBe('3\n');
    const thrown = await run('node -e "setTimeout(() => { throw new Error(\'in timer\') }, 1)"');
    expect(thrown.exitCode).toBe(1);
    expect(thrown.stderr).toContain('Error: in timer');
  });
});
