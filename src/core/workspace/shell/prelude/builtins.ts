/**
 * The prelude's path, events, util and assert: the npm ports (path-browserify, events, util, assert),
 * bundled at build time (scripts/build-node-libraries.ts) and evaluated on first `require`, with thin
 * adapters where the comparison with Node (node-builtins.compare.test.ts) showed a gap.
 *
 * Measured against Node 20 on the comparison cases, before adapters: path-browserify 42/44 (the hand-written
 * path it replaced 39), events@3.3 12/16 (hand-written 7), assert@2.1 17/31 (hand-written 13), while
 * util@0.12's inspect and format matched 11/39 (hand-written 31: it prints a Map as {}, drops class names,
 * no [Circular *1]), so inspect and format stay hand-written (inspect.ts) and replace util@0.12's, which
 * assert then uses for its diffs too. With the adapters: path 44/44, events 15/16, util 40/42, assert 26/31.
 * Loaded on demand because evaluating a bundle costs per context (median of 41, QuickJS, first require):
 * path ≈ 0.8 ms, events ≈ 0.6 ms, util ≈ 6 ms, assert (with util) ≈ 15 ms; `console.log(1)` pays none.
 */
export const PRELUDE_BUILTINS = String.raw`
  // ---------- path, events, util, assert (bundled npm ports, loaded on first use) ----------
  var libraries = {};
  function library(name) {
    if (Object.prototype.hasOwnProperty.call(libraries, name)) return libraries[name];
    var module = { exports: {} };
    var filename = 'node:internal/prelude/' + name;
    var compiled = host.compile(host.library(name), filename);
    compiled.call(module.exports, module.exports, function (request) { return builtin(request.replace(/\/$/, '')); }, module, filename, '/');
    libraries[name] = module.exports;
    return module.exports;
  }
  /** Node's ERR_INVALID_ARG_TYPE for a value that is not a string. */
  function requireString(value, name) {
    if (typeof value !== 'string') requireType(value, name, 'string');
  }
  function requireType(value, name, type) {
    var received = value === null || value === undefined ? String(value)
      : typeof value === 'function' ? 'function ' + (value.name || '(anonymous)')
      : typeof value === 'object' ? 'an instance of ' + (constructorName(value) || 'Object')
      : 'type ' + typeof value + ' (' + inspect(value) + ')';
    var error = new TypeError('The "' + name + '" argument must be of type ' + type + '. Received ' + received);
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  }
  // path-browserify says "Path must be a string. Received 1" without a code; Node names the argument.
  var pathArguments = { resolve: 'paths', join: 'path', relative: ['from', 'to'], basename: ['path', 'ext'] };
  function makePath() {
    var posix = library('path');
    var path = {};
    Object.keys(posix).forEach(function (key) {
      var original = posix[key];
      if (typeof original !== 'function' || key === 'format') { path[key] = original; return; }
      var names = pathArguments[key] || 'path';
      path[key] = function () {
        for (var index = 0; index < arguments.length; index++) {
          var name = typeof names === 'string' ? (names === 'paths' ? 'paths[' + index + ']' : names) : names[index];
          if (name === 'ext' && arguments[index] === undefined) continue;
          if (name) requireString(arguments[index], name);
        }
        if (arguments.length === 0 && key !== 'join' && key !== 'resolve') requireString(undefined, 'path');
        return original.apply(posix, arguments);
      };
    });
    // Node's POSIX path has it too (the identity off Windows); path-browserify does not.
    path.toNamespacedPath = function (value) { return value; };
    path.posix = path;
    return path;
  }
  function makeEvents() {
    var EventEmitter = library('events');
    var emit = EventEmitter.prototype.emit;
    // events@3.3 throws "Unhandled error. (undefined)" for emit('error', 'boom'); Node inspects the value and sets a code.
    EventEmitter.prototype.emit = function (type, value) {
      if (type === 'error' && !(value instanceof Error) && this.listenerCount('error') === 0) {
        var error = new Error('Unhandled error. (' + inspect(value) + ')');
        error.code = 'ERR_UNHANDLED_ERROR';
        error.context = value;
        throw error;
      }
      return emit.apply(this, arguments);
    };
    // events@3.3 says "of type Function. Received type number" without a code; Node's message is requireString's.
    ['on', 'addListener', 'prependListener', 'once', 'prependOnceListener', 'off', 'removeListener'].forEach(function (method) {
      var original = EventEmitter.prototype[method];
      EventEmitter.prototype[method] = function (type, listener) {
        if (typeof listener !== 'function') requireType(listener, 'listener', 'function');
        return original.apply(this, arguments);
      };
    });
    return EventEmitter;
  }
  function makeUtil() {
    var util = library('util');
    util.inspect = inspect;
    util.format = function () { return formatMessage(Array.prototype.slice.call(arguments)); };
    util.formatWithOptions = function (options) { return formatMessage(Array.prototype.slice.call(arguments, 1)); };
    // util@0.12 has none: Node's answer is assert.deepStrictEqual's.
    util.isDeepStrictEqual = function (left, right) {
      try { builtin('assert').deepStrictEqual(left, right); return true; } catch (error) { if (error && error.code === 'ERR_ASSERTION') return false; throw error; }
    };
    util.TextEncoder = TextEncoder;
    util.TextDecoder = TextDecoder;
    return util;
  }
`;
