/**
 * Cases run through Node's own built-ins and through the workspace's (node-builtins.compare.test.ts).
 * Each is an expression over `m`, the module under test (and `modules`, all four); the harness prints its value (strings as they
 * are, anything else as JSON) or, when it throws, the error's name, code, message and assertion fields.
 */
export type BuiltinName = 'path' | 'events' | 'util' | 'assert';

export const COMPARE_CASES: Record<BuiltinName, string[]> = {
  path: [
    "m.join('a', '../..', 'b')",
    "m.join('/a/', 'b/')",
    "m.join('')",
    "m.join('a', '', 'b')",
    "m.join('a', 1)",
    "m.normalize('//a//b/../c/.')",
    "m.normalize('./')",
    "m.normalize('..')",
    "m.normalize('a/..')",
    "m.normalize('a/b/../../..')",
    "m.resolve('/a', 'b', '../c')",
    "m.resolve('/a/b/', './')",
    "m.resolve('a/b', '..').replace(process.cwd(), '<cwd>')",
    "m.resolve('').replace(process.cwd(), '<cwd>')",
    "m.relative('/a/b/c', '/a/d')",
    "m.relative('/a', '/a')",
    "m.relative('/a/b', '/a/bc')",
    "m.relative('/', '/a/b')",
    "m.relative('/a/b', '/')",
    "m.dirname('/a/b/')",
    "m.dirname('a')",
    "m.dirname('//a')",
    "m.dirname('/')",
    "m.basename('/a/b.js', '.js')",
    "m.basename('a.js', 'a.js')",
    "m.basename('/a/b//')",
    "m.basename('aaa', 'a')",
    "m.extname('.bashrc')",
    "m.extname('a.')",
    "m.extname('a.b.c')",
    "m.extname('..')",
    "m.extname('a/.b.c')",
    "m.parse('/home/u/f.txt')",
    "m.parse('./a')",
    "m.parse('/')",
    "m.parse('a/b/')",
    "m.format({ root: '/', name: 'f', ext: '.txt' })",
    "m.format({ dir: '/a', base: 'b' })",
    "m.format({ root: '/', dir: '/', base: 'x' })",
    "m.isAbsolute('')",
    "m.isAbsolute('/x')",
    'm.sep + m.delimiter',
    'm.posix === m',
    "m.toNamespacedPath('/a/b')",
  ],
  events: [
    "(() => { const e = new m(); const seen = []; e.once('x', (v) => seen.push(v)); e.emit('x', 1); e.emit('x', 2); return seen; })()",
    "(() => { const e = new m(); const f = () => {}; e.once('x', f); e.off('x', f); return e.listenerCount('x'); })()",
    "(() => { const e = new m(); e.emit('error', new Error('boom')); })()",
    "(() => { const e = new m(); e.emit('error', 'boom'); })()",
    "(() => { const e = new m(); e.emit('error'); })()",
    "(() => { const e = new m(); const order = []; e.on('x', () => order.push(1)); e.prependListener('x', () => order.push(0)); e.emit('x'); return order; })()",
    "(() => { const e = new m(); e.on('a', () => {}); e.on(Symbol.for('s'), () => {}); return e.eventNames().map(String); })()",
    "(() => { const e = new m(); const added = []; e.on('newListener', (name) => added.push(name)); e.on('x', () => {}); return added; })()",
    "(() => { const e = new m(); const seen = []; const f = () => { seen.push('f'); e.off('x', g); }; const g = () => seen.push('g'); e.on('x', f); e.on('x', g); e.emit('x'); e.emit('x'); return seen; })()",
    '(() => { const e = new m(); return [e.getMaxListeners(), m.defaultMaxListeners]; })()',
    "(() => { const e = new m(); const f = () => {}; e.once('x', f); return [e.listeners('x')[0] === f, e.rawListeners('x')[0] === f]; })()",
    "(() => { const e = new m(); return e.emit('nothing'); })()",
    "(() => { const e = new m(); e.on('x', function () { this.seen = true; }); e.emit('x'); return e.seen; })()",
    'm.EventEmitter === m',
    "typeof m.once + ' ' + typeof m.on",
    "(() => { const e = new m(); e.on('x', 1); })()",
  ],
  util: [
    "m.inspect({ a: 1, b: 'two', nested: { deep: { deeper: { deepest: 1 } } } })",
    "m.inspect(new Map([['k', 1], ['j', { x: [1, 2] }]]))",
    'm.inspect(new Set([1, 2, 3]))',
    'm.inspect(new (class Point { constructor() { this.x = 1; this.y = 2; } })())',
    '(() => { const o = { name: "loop" }; o.self = o; return m.inspect(o); })()',
    "m.inspect(new Error('bad')).split('\\n')[0]",
    "m.inspect(Object.assign(new TypeError('bad'), { code: 'E_X' })).split('\\n')[0]",
    "m.inspect(Object.assign(new Error('x'), { code: 'E', n: { a: 1 } })).replace(/\\n {4}at .*?(?= \\{$|$)/gm, '')",
    "(() => { try { modules.path.join(1); } catch (e) { return m.inspect(e).split('\\n')[0]; } })()",
    '(() => { const a = { x: 1 }; a.self = a; const b = { p: a, q: {} }; b.q.back = b; return m.inspect(b); })()',
    'm.inspect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27])',
    "m.inspect({ 'needs-quote': 1, [Symbol('s')]: 2, 'it\\'s': \"x'y\" })",
    'm.inspect(Object.create(null))',
    'm.inspect({ get g() { return 1; }, set s(v) {} })',
    'm.inspect(new Date(0))',
    'm.inspect(/a+/gi)',
    'm.inspect(function named() {})',
    'm.inspect(class Foo {})',
    'm.inspect([[[[1]]]])',
    'm.inspect({ a: { b: { c: { d: { e: 1 } } } } }, { depth: 0 })',
    'm.inspect(new Uint8Array([1, 2, 3]))',
    'm.inspect([1, , 3])',
    'm.inspect(-0)',
    'm.inspect(10n)',
    "m.inspect('a\\nb')",
    'm.inspect(Symbol("s"))',
    'm.inspect(null) + m.inspect(undefined)',
    'm.inspect(new Array(120).fill(0)).split("\\n").slice(-2).join("|")',
    "m.inspect({ long: 'x'.repeat(60), other: 'y'.repeat(20) })",
    "m.format('%s=%d %o', 'n', 5, [1])",
    "m.format('%i %f %j %%', 42.9, '1.5', { a: 1 })",
    "m.format('%s', { a: { b: { c: 1 } } })",
    "m.format('%O', { a: 1 })",
    "m.format('no args %s')",
    "m.format(1, 'a', { b: 2 })",
    "m.format('%c styled', 'color: red')",
    '(() => { function A() {} function B() {} m.inherits(A, B); return [new A() instanceof B, A.super_ === B]; })()',
    'typeof m.promisify((cb) => cb(null, 1))().then',
    "m.isDeepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }) + ' ' + m.isDeepStrictEqual([1], ['1'])",
    '[m.types.isDate(new Date()), m.types.isRegExp(/a/), m.types.isPromise(Promise.resolve()), m.types.isMap(new Map())]',
    "typeof m.deprecate + ' ' + typeof m.callbackify + ' ' + typeof m.inspect.custom",
    "m.inspect({ [m.inspect.custom]() { return 'custom!'; } })",
  ],
  assert: [
    'm.deepStrictEqual({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] })',
    'm.deepStrictEqual([1, 2, 3], [1, 2, 3, 4])',
    "m.deepStrictEqual({ a: 1 }, { a: '1' })",
    'm.deepStrictEqual(new Map([[1, 2]]), new Map([[1, 3]]))',
    'm.deepStrictEqual(new Set([1, 2]), new Set([2, 1]))',
    'm.deepStrictEqual(0, -0)',
    'm.deepStrictEqual(NaN, NaN)',
    'm.deepStrictEqual(Object.create(null), {})',
    'm.deepEqual(1, "1")',
    'm.deepEqual({ a: 1 }, { a: 2 })',
    'm.strictEqual(1, 2)',
    "m.strictEqual('hello world', 'hello there')",
    'm.strictEqual(1, 2, "custom message")',
    'm.notStrictEqual(1, 1)',
    'm.equal(1, 2)',
    'm.notEqual(1, "1")',
    'm.ok(0)',
    'm.ok()',
    "m.throws(() => { throw new TypeError('x'); }, TypeError)",
    "m.throws(() => { throw new TypeError('x'); }, RangeError)",
    "m.throws(() => { throw new Error('nope'); }, /yes/)",
    "m.throws(() => { throw new Error('nope'); }, { message: 'nope', name: 'Error' })",
    "m.throws(() => { throw new Error('nope'); }, { message: 'other' })",
    'm.throws(() => {})',
    "m.doesNotThrow(() => { throw new Error('inner'); })",
    "m.match('abc', /x/)",
    "m.fail('boom')",
    'm.fail()',
    '(() => { try { m.strictEqual(1, 2); } catch (e) { return [e instanceof m.AssertionError, e instanceof Error, e.name, e.code, e.actual, e.expected, e.operator, e.generatedMessage]; } })()',
    'm.strict === m.strict.strict',
    'typeof m.rejects + " " + typeof m.doesNotReject + " " + typeof m.notDeepStrictEqual',
  ],
};

/** A program printing one JSON array: the outcome of every case over `modules[name]`. */
export function compareProgram(load: string): string {
  return `
var modules = ${load};
var cases = ${JSON.stringify(COMPARE_CASES)};
function show(name, code) {
  var m = modules[name];
  try {
    var value = (0, eval)('(function (m, modules) { return ' + code + '; })')(m, modules);
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch (e) {
    if (!e || typeof e !== 'object') return 'throws ' + String(e);
    var fields = e.code === 'ERR_ASSERTION' ? ' {actual: ' + JSON.stringify(e.actual) + ', expected: ' + JSON.stringify(e.expected) + ', operator: ' + e.operator + ', generated: ' + e.generatedMessage + '}' : '';
    return 'throws ' + e.name + ' ' + e.code + ': ' + e.message + fields;
  }
}
var out = {};
Object.keys(cases).forEach(function (name) { out[name] = cases[name].map(function (code) { return show(name, code); }); });
console.log(JSON.stringify(out));
`;
}
