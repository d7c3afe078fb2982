/**
 * JavaScript evaluated in every QuickJS context before the program: Node's globals (console,
 * process, timers, Buffer), CommonJS `require` over the workspace, and the built-in modules
 * fs, path, assert, util and events. It talks to the host only through `__host` (see node-runtime.ts).
 *
 * Timers are a queue on a virtual clock: they run after the main script, in due order, without
 * waiting in real time.
 */
export const NODE_PRELUDE = String.raw`
(function () {
  'use strict';
  var host = globalThis.__host;
  delete globalThis.__host;
  var config = JSON.parse(host.config());

  // ---------- util.inspect / util.format ----------
  var identifierPattern = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  function quoteString(text) {
    var quote = text.indexOf("'") === -1 ? "'" : (text.indexOf('"') === -1 ? '"' : (text.indexOf('\u0060') === -1 ? '\u0060' : "'"));
    var escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
    if (quote === "'") escaped = escaped.replace(/'/g, "\\'");
    return quote + escaped + quote;
  }
  function functionLabel(value) {
    var source = '';
    try { source = Function.prototype.toString.call(value); } catch (error) { source = ''; }
    if (/^class\b/.test(source)) return '[class ' + (value.name || '(anonymous)') + ']';
    return '[Function: ' + (value.name || '(anonymous)') + ']';
  }
  function errorText(error) {
    var header = String(error.name || 'Error') + (error.message ? ': ' + error.message : '');
    var stack = typeof error.stack === 'string' ? error.stack.replace(/\s+$/, '') : '';
    return stack ? header + '\n' + stack : header;
  }
  function constructorName(value) {
    var prototype = Object.getPrototypeOf(value);
    if (prototype === null) return null;
    var constructor = prototype.constructor;
    return constructor && typeof constructor.name === 'string' ? constructor.name : '';
  }
  function inspect(value, options) {
    var depthLimit = options && typeof options.depth === 'number' ? options.depth : (options && options.depth === null ? Infinity : 2);
    var seen = [];
    function formatKey(key) {
      if (typeof key === 'symbol') return '[' + String(key) + ']';
      return identifierPattern.test(key) ? key : quoteString(key);
    }
    function wrap(prefix, parts, open, close, indentation) {
      if (parts.length === 0) return prefix + open + close;
      var single = prefix + open + ' ' + parts.join(', ') + ' ' + close;
      if (single.length + indentation <= 72 && single.indexOf('\n') === -1) return single;
      var pad = '  '.repeat(indentation / 2 + 1);
      return prefix + open + '\n' + pad + parts.join(',\n' + pad) + '\n' + '  '.repeat(indentation / 2) + close;
    }
    function format(value, depth, indentation) {
      switch (typeof value) {
        case 'string': return depth === 0 && options && options.topLevelRaw ? value : quoteString(value);
        case 'number': return Object.is(value, -0) ? '-0' : String(value);
        case 'bigint': return String(value) + 'n';
        case 'boolean': return String(value);
        case 'undefined': return 'undefined';
        case 'symbol': return String(value);
        case 'function': return functionLabel(value);
      }
      if (value === null) return 'null';
      if (seen.indexOf(value) !== -1) return '[Circular *1]';
      if (value instanceof Error) return errorText(value);
      if (value instanceof Date) return isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
      if (value instanceof RegExp) return String(value);
      if (typeof Promise !== 'undefined' && value instanceof Promise) return 'Promise { <unknown> }';
      var isArray = Array.isArray(value);
      var name = constructorName(value);
      if (depth > depthLimit) {
        if (isArray) return '[Array]';
        return '[' + (name || 'Object') + ']';
      }
      seen.push(value);
      try {
        var parts = [];
        var next = indentation + 2;
        if (isArray) {
          var shown = Math.min(value.length, 100);
          for (var index = 0; index < shown; index++) {
            parts.push(index in value ? format(value[index], depth + 1, next) : '<1 empty item>');
          }
          if (value.length > shown) parts.push('... ' + (value.length - shown) + ' more item' + (value.length - shown > 1 ? 's' : ''));
          Object.keys(value).forEach(function (key) {
            if (!/^\d+$/.test(key)) parts.push(formatKey(key) + ': ' + format(value[key], depth + 1, next));
          });
          return wrap(name && name !== 'Array' ? name + '(' + value.length + ') ' : '', parts, '[', ']', indentation);
        }
        if (value instanceof Map) {
          value.forEach(function (entry, key) { parts.push(format(key, depth + 1, next) + ' => ' + format(entry, depth + 1, next)); });
          return wrap('Map(' + value.size + ') ', parts, '{', '}', indentation);
        }
        if (value instanceof Set) {
          value.forEach(function (entry) { parts.push(format(entry, depth + 1, next)); });
          return wrap('Set(' + value.size + ') ', parts, '{', '}', indentation);
        }
        if (ArrayBuffer.isView(value) && typeof value.length === 'number') {
          var bytes = [];
          for (var byteIndex = 0; byteIndex < Math.min(value.length, 50); byteIndex++) {
            bytes.push(value instanceof BufferClass ? value[byteIndex].toString(16).padStart(2, '0') : String(value[byteIndex]));
          }
          if (value instanceof BufferClass) return '<Buffer' + (bytes.length ? ' ' + bytes.join(' ') : '') + (value.length > 50 ? ' ... ' + (value.length - 50) + ' more bytes' : '') + '>';
          return wrap(name + '(' + value.length + ') ', bytes, '[', ']', indentation);
        }
        var keys = Object.keys(value).concat(Object.getOwnPropertySymbols(value).filter(function (symbol) {
          return Object.getOwnPropertyDescriptor(value, symbol).enumerable;
        }));
        keys.forEach(function (key) {
          var descriptor = Object.getOwnPropertyDescriptor(value, key);
          var text = descriptor && (descriptor.get || descriptor.set) && !('value' in descriptor)
            ? (descriptor.get && descriptor.set ? '[Getter/Setter]' : descriptor.get ? '[Getter]' : '[Setter]')
            : format(value[key], depth + 1, next);
          parts.push(formatKey(key) + ': ' + text);
        });
        var prefix = name === null ? '[Object: null prototype] ' : (name && name !== 'Object' ? name + ' ' : '');
        return wrap(prefix, parts, '{', '}', indentation);
      } finally {
        seen.pop();
      }
    }
    return format(value, 0, 0);
  }
  function formatMessage(args) {
    var first = args[0];
    var rest = 1;
    var text = '';
    if (typeof first === 'string') {
      text = first.replace(/%[sdifjoOc%]/g, function (token) {
        if (token === '%%') return '%';
        if (rest >= args.length) return token;
        var argument = args[rest++];
        switch (token) {
          case '%s':
            if (typeof argument === 'string') return argument;
            if (typeof argument === 'bigint') return String(argument) + 'n';
            if (typeof argument === 'object' && argument !== null) return inspect(argument, { depth: 1 });
            return String(argument);
          case '%d': return typeof argument === 'bigint' ? String(argument) + 'n' : String(Number(argument));
          case '%i': return typeof argument === 'bigint' ? String(argument) + 'n' : String(parseInt(argument, 10));
          case '%f': return String(parseFloat(argument));
          case '%j': try { return JSON.stringify(argument); } catch (error) { return '[Circular]'; }
          case '%o': case '%O': return inspect(argument, { depth: 4 });
          case '%c': return '';
        }
        return token;
      });
    } else {
      rest = 0;
    }
    for (; rest < args.length; rest++) {
      var argument = args[rest];
      var piece = typeof argument === 'string' ? argument : inspect(argument);
      text = text === '' && rest === 0 ? piece : text + ' ' + piece;
    }
    return text;
  }

  // ---------- Buffer, TextEncoder, TextDecoder ----------
  function BufferClass() {}
  BufferClass = (function () {
    class Buffer extends Uint8Array {
      toString(encoding) {
        if (encoding === 'hex') return Array.prototype.map.call(this, function (byte) { return byte.toString(16).padStart(2, '0'); }).join('');
        if (encoding === 'base64') return host.base64Encode(toArrayBuffer(this));
        if (encoding === 'latin1' || encoding === 'binary') return Array.prototype.map.call(this, function (byte) { return String.fromCharCode(byte); }).join('');
        return host.utf8Decode(toArrayBuffer(this));
      }
      toJSON() { return { type: 'Buffer', data: Array.from(this) }; }
      equals(other) { if (other.length !== this.length) return false; for (var index = 0; index < this.length; index++) if (other[index] !== this[index]) return false; return true; }
      static from(value, encoding) {
        if (typeof value === 'string') {
          if (encoding === 'hex') { var hex = new Buffer(value.length >> 1); for (var index = 0; index < hex.length; index++) hex[index] = parseInt(value.substr(index * 2, 2), 16); return hex; }
          if (encoding === 'base64') return Buffer.fromArrayBuffer(host.base64Decode(value));
          return Buffer.fromArrayBuffer(host.utf8Encode(value));
        }
        if (value instanceof ArrayBuffer) return Buffer.fromArrayBuffer(value);
        var copy = new Buffer(value.length);
        for (var position = 0; position < value.length; position++) copy[position] = value[position];
        return copy;
      }
      static fromArrayBuffer(arrayBuffer) { var view = new Uint8Array(arrayBuffer); var buffer = new Buffer(view.length); buffer.set(view); return buffer; }
      static alloc(size, fill) { var buffer = new Buffer(size); if (fill !== undefined) buffer.fill(typeof fill === 'number' ? fill : 0); return buffer; }
      static isBuffer(value) { return value instanceof Buffer; }
      static byteLength(value) { return typeof value === 'string' ? new Uint8Array(host.utf8Encode(value)).length : value.length; }
      static concat(list) { var total = 0; list.forEach(function (item) { total += item.length; }); var result = new Buffer(total); var offset = 0; list.forEach(function (item) { result.set(item, offset); offset += item.length; }); return result; }
    }
    return Buffer;
  })();
  function toArrayBuffer(view) {
    return view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength);
  }
  class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(text) { return new Uint8Array(host.utf8Encode(String(text === undefined ? '' : text))); }
  }
  class TextDecoder {
    get encoding() { return 'utf-8'; }
    decode(view) { if (view === undefined) return ''; return host.utf8Decode(view instanceof ArrayBuffer ? view : toArrayBuffer(view)); }
  }

  // ---------- errors from the host ----------
  function callHost(operation) {
    try {
      return operation();
    } catch (error) {
      var match = /^([A-Z]+): /.exec(error && error.message || '');
      var rethrown = new Error(error && error.message);
      if (match) rethrown.code = match[1];
      throw rethrown;
    }
  }

  // ---------- path (POSIX) ----------
  function normalizeParts(parts, absolute) {
    var result = [];
    parts.forEach(function (part) {
      if (part === '' || part === '.') return;
      if (part === '..') {
        if (result.length > 0 && result[result.length - 1] !== '..') result.pop();
        else if (!absolute) result.push('..');
      } else result.push(part);
    });
    return result;
  }
  var path = {
    sep: '/',
    delimiter: ':',
    normalize: function (value) {
      if (value === '') return '.';
      var absolute = value.charAt(0) === '/';
      var trailing = value.charAt(value.length - 1) === '/';
      var joined = normalizeParts(value.split('/'), absolute).join('/');
      if (joined === '' && !absolute) joined = '.';
      if (joined !== '' && trailing) joined += '/';
      return (absolute ? '/' : '') + joined;
    },
    join: function () {
      var parts = Array.prototype.slice.call(arguments).filter(function (part) {
        if (typeof part !== 'string') throw new TypeError('The "path" argument must be of type string. Received ' + inspect(part));
        return part !== '';
      });
      return parts.length === 0 ? '.' : path.normalize(parts.join('/'));
    },
    resolve: function () {
      var resolved = '';
      for (var index = arguments.length - 1; index >= -1 && resolved.charAt(0) !== '/'; index--) {
        var part = index >= 0 ? arguments[index] : process.cwd();
        if (typeof part !== 'string') throw new TypeError('The "paths" argument must be of type string. Received ' + inspect(part));
        if (part === '') continue;
        resolved = part + (resolved ? '/' + resolved : '');
      }
      var normalized = '/' + normalizeParts(resolved.split('/'), true).join('/');
      return normalized;
    },
    isAbsolute: function (value) { return value.charAt(0) === '/'; },
    dirname: function (value) {
      if (value === '') return '.';
      var trimmed = value.length > 1 ? value.replace(/\/+$/, '') : value;
      var slash = trimmed.lastIndexOf('/');
      if (slash === -1) return '.';
      if (slash === 0) return '/';
      return trimmed.slice(0, slash);
    },
    basename: function (value, extension) {
      var trimmed = value.length > 1 ? value.replace(/\/+$/, '') : value;
      var base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
      if (extension && base !== extension && base.slice(-extension.length) === extension) base = base.slice(0, -extension.length);
      return base;
    },
    extname: function (value) {
      var base = path.basename(value);
      var dot = base.lastIndexOf('.');
      return dot <= 0 ? '' : base.slice(dot);
    },
    relative: function (from, to) {
      var fromParts = path.resolve(from).split('/').filter(Boolean);
      var toParts = path.resolve(to).split('/').filter(Boolean);
      var common = 0;
      while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
      var up = fromParts.slice(common).map(function () { return '..'; });
      return up.concat(toParts.slice(common)).join('/');
    },
    parse: function (value) {
      var base = path.basename(value);
      var extension = path.extname(value);
      var directory = value.indexOf('/') === -1 ? '' : path.dirname(value);
      return { root: value.charAt(0) === '/' ? '/' : '', dir: directory, base: base, ext: extension, name: extension ? base.slice(0, -extension.length) : base };
    },
    format: function (parts) {
      var base = parts.base || ((parts.name || '') + (parts.ext || ''));
      var directory = parts.dir || parts.root || '';
      return directory ? (directory === parts.root ? directory + base : directory + '/' + base) : base;
    },
  };
  path.posix = path;

  // ---------- fs (synchronous, over the workspace) ----------
  function encodingOf(options) {
    if (typeof options === 'string') return options;
    return options && options.encoding ? options.encoding : null;
  }
  function pathArgument(value) {
    if (typeof value !== 'string') throw new TypeError('The "path" argument must be of type string. Received ' + inspect(value));
    return value;
  }
  function dataToArrayBuffer(data) {
    if (typeof data === 'string') return host.utf8Encode(data);
    if (data instanceof ArrayBuffer) return data;
    if (ArrayBuffer.isView(data)) return toArrayBuffer(data);
    return host.utf8Encode(String(data));
  }
  function makeStats(json) {
    var raw = JSON.parse(json);
    var date = new Date(raw.mtimeMs);
    return {
      size: raw.size, mtimeMs: raw.mtimeMs, mtime: date, ctime: date, atime: date, birthtime: date,
      mode: raw.type === 'directory' ? 16877 : 33188,
      isFile: function () { return raw.type === 'file'; },
      isDirectory: function () { return raw.type === 'directory'; },
      isSymbolicLink: function () { return false; },
    };
  }
  var fs = {
    existsSync: function (file) { try { return host.fsExists(pathArgument(file)); } catch (error) { return false; } },
    readFileSync: function (file, options) {
      var encoding = encodingOf(options);
      var bytes = callHost(function () { return host.fsRead(pathArgument(file)); });
      var buffer = BufferClass.fromArrayBuffer(bytes);
      return encoding ? buffer.toString(encoding) : buffer;
    },
    writeFileSync: function (file, data) { var bytes = dataToArrayBuffer(data); callHost(function () { host.fsWrite(pathArgument(file), bytes, false); }); },
    appendFileSync: function (file, data) { var bytes = dataToArrayBuffer(data); callHost(function () { host.fsWrite(pathArgument(file), bytes, true); }); },
    readdirSync: function (directory, options) {
      var names = JSON.parse(callHost(function () { return host.fsReaddir(pathArgument(directory)); }));
      if (options && options.withFileTypes) {
        return names.map(function (name) {
          var stats = fs.statSync(path.join(directory, name));
          return { name: name, isFile: stats.isFile, isDirectory: stats.isDirectory, isSymbolicLink: stats.isSymbolicLink };
        });
      }
      return names;
    },
    mkdirSync: function (directory, options) {
      var recursive = Boolean(options && options.recursive);
      callHost(function () { host.fsMkdir(pathArgument(directory), recursive); });
      return recursive ? path.resolve(directory) : undefined;
    },
    statSync: function (file, options) {
      try {
        return makeStats(callHost(function () { return host.fsStat(pathArgument(file)); }));
      } catch (error) {
        if (options && options.throwIfNoEntry === false && error.code === 'ENOENT') return undefined;
        throw error;
      }
    },
    unlinkSync: function (file) { callHost(function () { host.fsRemove(pathArgument(file), false, false, false); }); },
    rmdirSync: function (directory, options) { callHost(function () { host.fsRemove(pathArgument(directory), true, Boolean(options && options.recursive), false); }); },
    rmSync: function (target, options) {
      callHost(function () { host.fsRemove(pathArgument(target), true, Boolean(options && options.recursive), Boolean(options && options.force)); });
    },
    renameSync: function (from, to) { callHost(function () { host.fsRename(pathArgument(from), pathArgument(to)); }); },
    copyFileSync: function (from, to) { fs.writeFileSync(to, fs.readFileSync(from)); },
  };
  fs.lstatSync = fs.statSync;
  // Callback and promise forms over the synchronous ones, for programs written the usual way.
  var promises = {};
  ['readFile', 'writeFile', 'appendFile', 'readdir', 'mkdir', 'stat', 'lstat', 'unlink', 'rmdir', 'rm', 'rename', 'copyFile'].forEach(function (name) {
    var sync = fs[name + 'Sync'];
    fs[name] = function () {
      var args = Array.prototype.slice.call(arguments);
      var callback = typeof args[args.length - 1] === 'function' ? args.pop() : null;
      var outcome; var failure = null;
      try { outcome = sync.apply(null, args); } catch (error) { failure = error; }
      if (callback) queueMicrotask(function () { if (failure) callback(failure); else callback(null, outcome); });
    };
    promises[name] = function () {
      var args = arguments;
      return new Promise(function (resolve) { resolve(sync.apply(null, args)); });
    };
  });
  promises.access = function (file) { return new Promise(function (resolve, reject) { if (fs.existsSync(file)) resolve(); else reject(callHostError('ENOENT', 'access', file)); }); };
  fs.accessSync = function (file) { if (!fs.existsSync(file)) throw callHostError('ENOENT', 'access', file); };
  fs.exists = function (file, callback) { var found = fs.existsSync(file); queueMicrotask(function () { callback(found); }); };
  fs.promises = promises;
  fs.constants = { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 };
  function callHostError(code, syscall, file) {
    var error = new Error(code + ': no such file or directory, ' + syscall + " '" + file + "'");
    error.code = code;
    return error;
  }

  // ---------- assert ----------
  class AssertionError extends Error {
    constructor(options) {
      super(options.message);
      this.name = 'AssertionError';
      this.code = 'ERR_ASSERTION';
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = options.operator;
      this.generatedMessage = !options.userMessage;
    }
  }
  function fail(actual, expected, message, operator, defaultMessage) {
    if (message instanceof Error) throw message;
    throw new AssertionError({ message: message || defaultMessage, actual: actual, expected: expected, operator: operator, userMessage: Boolean(message) });
  }
  function deepEqual(left, right, strict, seen) {
    if (strict ? Object.is(left, right) : (left == right || (left !== left && right !== right))) return true;
    if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
    if (strict && Object.getPrototypeOf(left) !== Object.getPrototypeOf(right)) return false;
    if (Array.isArray(left) !== Array.isArray(right)) return false;
    if (left instanceof Date && right instanceof Date) return left.getTime() === right.getTime();
    if (left instanceof RegExp && right instanceof RegExp) return String(left) === String(right);
    seen = seen || [];
    for (var index = 0; index < seen.length; index++) if (seen[index][0] === left && seen[index][1] === right) return true;
    seen.push([left, right]);
    if (left instanceof Map && right instanceof Map) {
      if (left.size !== right.size) return false;
      var mapsEqual = true;
      left.forEach(function (value, key) { if (!right.has(key) || !deepEqual(value, right.get(key), strict, seen)) mapsEqual = false; });
      return mapsEqual;
    }
    if (left instanceof Set && right instanceof Set) {
      if (left.size !== right.size) return false;
      var setsEqual = true;
      left.forEach(function (value) { if (!right.has(value)) setsEqual = false; });
      return setsEqual;
    }
    var leftKeys = Object.keys(left);
    var rightKeys = Object.keys(right);
    if (leftKeys.length !== rightKeys.length) return false;
    for (var keyIndex = 0; keyIndex < leftKeys.length; keyIndex++) {
      var key = leftKeys[keyIndex];
      if (!Object.prototype.hasOwnProperty.call(right, key)) return false;
      if (!deepEqual(left[key], right[key], strict, seen)) return false;
    }
    return true;
  }
  function describePair(actual, expected, heading) {
    return heading + '\n\n' + inspect(actual) + (heading.indexOf('strictly') !== -1 ? ' !== ' : ' != ') + inspect(expected) + '\n';
  }
  function assert(value, message) { assert.ok(value, message); }
  assert.ok = function (value, message) {
    if (!value) fail(value, true, message, '==', arguments.length === 0 ? 'No value argument passed to assert.ok()' : 'The expression evaluated to a falsy value:\n\n  assert.ok(' + inspect(value) + ')\n');
  };
  assert.equal = function (actual, expected, message) {
    if (!(actual == expected || (actual !== actual && expected !== expected))) fail(actual, expected, message, '==', inspect(actual) + ' == ' + inspect(expected));
  };
  assert.notEqual = function (actual, expected, message) {
    if (actual == expected) fail(actual, expected, message, '!=', inspect(actual) + ' != ' + inspect(expected));
  };
  assert.strictEqual = function (actual, expected, message) {
    if (!Object.is(actual, expected)) fail(actual, expected, message, 'strictEqual', describePair(actual, expected, 'Expected values to be strictly equal:'));
  };
  assert.notStrictEqual = function (actual, expected, message) {
    if (Object.is(actual, expected)) fail(actual, expected, message, 'notStrictEqual', 'Expected "actual" to be strictly unequal to: ' + inspect(expected));
  };
  assert.deepEqual = function (actual, expected, message) {
    if (!deepEqual(actual, expected, false)) fail(actual, expected, message, 'deepEqual', describePair(actual, expected, 'Expected values to be loosely deep-equal:'));
  };
  assert.deepStrictEqual = function (actual, expected, message) {
    if (!deepEqual(actual, expected, true)) fail(actual, expected, message, 'deepStrictEqual', describePair(actual, expected, 'Expected values to be strictly deep-equal:'));
  };
  assert.notDeepStrictEqual = function (actual, expected, message) {
    if (deepEqual(actual, expected, true)) fail(actual, expected, message, 'notDeepStrictEqual', 'Expected "actual" not to be strictly deep-equal to: ' + inspect(expected));
  };
  function matchesExpected(error, expected) {
    if (expected === undefined) return true;
    if (typeof expected === 'function') {
      if (expected.prototype !== undefined && error instanceof expected) return true;
      if (Error.isPrototypeOf(expected) || expected === Error) return false;
      return expected.call({}, error) === true;
    }
    if (expected instanceof RegExp) return expected.test(String(error && error.message !== undefined ? error.message : error)) || expected.test(String(error));
    if (typeof expected === 'object' && expected !== null) {
      return Object.keys(expected).every(function (key) {
        var wanted = expected[key];
        var actual = error[key];
        return wanted instanceof RegExp && typeof actual === 'string' ? wanted.test(actual) : deepEqual(actual, wanted, true);
      });
    }
    return false;
  }
  assert.throws = function (block, expected, message) {
    if (typeof expected === 'string') { message = expected; expected = undefined; }
    try { block(); } catch (error) {
      if (!matchesExpected(error, expected)) {
        if (typeof expected === 'function' && !(expected.prototype !== undefined && error instanceof expected) && (Error.isPrototypeOf(expected) || expected === Error)) throw error;
        fail(error, expected, message, 'throws', 'The error did not match the expected ' + (expected instanceof RegExp ? 'pattern ' + String(expected) : 'value') + '.\n\nActual: ' + inspect(error));
      }
      return;
    }
    fail(undefined, expected, message, 'throws', 'Missing expected exception.');
  };
  assert.doesNotThrow = function (block, message) {
    try { block(); } catch (error) { fail(error, undefined, typeof message === 'string' ? message : undefined, 'doesNotThrow', 'Got unwanted exception.\nActual message: "' + (error && error.message) + '"'); }
  };
  assert.rejects = function (promiseOrFunction, expected, message) {
    var promise = typeof promiseOrFunction === 'function' ? promiseOrFunction() : promiseOrFunction;
    return Promise.resolve(promise).then(function () {
      fail(undefined, expected, message, 'rejects', 'Missing expected rejection.');
    }, function (error) {
      if (!matchesExpected(error, expected)) fail(error, expected, message, 'rejects', 'The rejection did not match the expected value.\n\nActual: ' + inspect(error));
    });
  };
  assert.match = function (value, pattern, message) {
    if (!pattern.test(value)) fail(value, pattern, message, 'match', 'The input did not match the regular expression ' + String(pattern) + '. Input:\n\n' + inspect(value) + '\n');
  };
  assert.fail = function (message) { fail(undefined, undefined, message || 'Failed', 'fail', 'Failed'); };
  assert.AssertionError = AssertionError;
  assert.strict = assert;

  // ---------- util, events ----------
  var util = {
    format: function () { return formatMessage(Array.prototype.slice.call(arguments)); },
    inspect: function (value, options) { return inspect(value, options); },
    isDeepStrictEqual: function (left, right) { return deepEqual(left, right, true); },
    inherits: function (constructor, superConstructor) { Object.setPrototypeOf(constructor.prototype, superConstructor.prototype); },
    promisify: function (original) {
      return function () {
        var args = Array.prototype.slice.call(arguments);
        var self = this;
        return new Promise(function (resolve, reject) {
          original.apply(self, args.concat([function (error, value) { if (error) reject(error); else resolve(value); }]));
        });
      };
    },
    types: { isPromise: function (value) { return value instanceof Promise; }, isDate: function (value) { return value instanceof Date; }, isRegExp: function (value) { return value instanceof RegExp; } },
    TextEncoder: TextEncoder,
    TextDecoder: TextDecoder,
  };
  class EventEmitter {
    constructor() { this._events = {}; }
    on(name, listener) { (this._events[name] = this._events[name] || []).push(listener); return this; }
    addListener(name, listener) { return this.on(name, listener); }
    once(name, listener) { var self = this; function wrapper() { self.off(name, wrapper); listener.apply(self, arguments); } wrapper.listener = listener; return this.on(name, wrapper); }
    off(name, listener) { var list = this._events[name]; if (list) this._events[name] = list.filter(function (item) { return item !== listener && item.listener !== listener; }); return this; }
    removeListener(name, listener) { return this.off(name, listener); }
    removeAllListeners(name) { if (name === undefined) this._events = {}; else delete this._events[name]; return this; }
    emit(name) {
      var list = (this._events[name] || []).slice();
      if (name === 'error' && list.length === 0) throw arguments[1] instanceof Error ? arguments[1] : new Error('Unhandled error. (' + inspect(arguments[1]) + ')');
      var args = Array.prototype.slice.call(arguments, 1);
      var self = this;
      list.forEach(function (listener) { listener.apply(self, args); });
      return list.length > 0;
    }
    listenerCount(name) { return (this._events[name] || []).length; }
    listeners(name) { return (this._events[name] || []).slice(); }
  }
  EventEmitter.EventEmitter = EventEmitter;

  // ---------- timers (virtual clock, run after the main script) ----------
  var timers = [];
  var timerSequence = 0;
  var virtualNow = 0;
  function schedule(callback, delay, args, repeat) {
    if (typeof callback !== 'function') throw new TypeError('The "callback" argument must be of type function. Received ' + inspect(callback));
    var wait = Math.max(1, Number(delay) || 0);
    var timer = { id: ++timerSequence, due: virtualNow + wait, callback: callback, args: args, repeat: repeat ? wait : 0 };
    timers.push(timer);
    return timer.id;
  }
  function clearTimer(id) {
    var wanted = id && typeof id === 'object' ? id.id : id;
    timers = timers.filter(function (timer) { return timer.id !== wanted; });
  }
  globalThis.setTimeout = function (callback, delay) { return schedule(callback, delay, Array.prototype.slice.call(arguments, 2), false); };
  globalThis.setInterval = function (callback, delay) { return schedule(callback, delay, Array.prototype.slice.call(arguments, 2), true); };
  globalThis.setImmediate = function (callback) { return schedule(callback, 0, Array.prototype.slice.call(arguments, 1), false); };
  globalThis.clearTimeout = clearTimer;
  globalThis.clearInterval = clearTimer;
  globalThis.clearImmediate = clearTimer;
  if (typeof globalThis.queueMicrotask !== 'function') {
    globalThis.queueMicrotask = function (callback) { Promise.resolve().then(callback); };
  }
  /** Run the earliest timer; false when none is left. Called by the host between job queues. */
  function runNextTimer() {
    if (timers.length === 0) return false;
    var index = 0;
    for (var position = 1; position < timers.length; position++) {
      if (timers[position].due < timers[index].due || (timers[position].due === timers[index].due && timers[position].id < timers[index].id)) index = position;
    }
    var timer = timers[index];
    virtualNow = timer.due;
    if (timer.repeat) timer.due = virtualNow + timer.repeat;
    else timers.splice(index, 1);
    timer.callback.apply(undefined, timer.args);
    return true;
  }

  // ---------- process, console ----------
  var exitHandlers = [];
  var process = {
    argv: config.argv,
    argv0: 'node',
    execArgv: [],
    execPath: '/usr/local/bin/node',
    env: config.env,
    platform: 'linux',
    arch: 'wasm32',
    pid: 42,
    version: config.version,
    versions: { node: config.version.slice(1), quickjs: 'quickjs-emscripten' },
    release: { name: 'node' },
    exitCode: undefined,
    cwd: function () { return config.cwd; },
    chdir: function () { throw new Error('process.chdir() is not supported in the browser workspace'); },
    exit: function (code) {
      var exitCode = code === undefined ? (process.exitCode === undefined ? 0 : process.exitCode) : code;
      exitHandlers.forEach(function (handler) { try { handler(exitCode); } catch (error) { /* like Node, keep exiting */ } });
      exitHandlers = [];
      host.exit(Number(exitCode) || 0);
    },
    on: function (name, handler) { if (name === 'exit') exitHandlers.push(handler); return process; },
    once: function (name, handler) { return process.on(name, handler); },
    nextTick: function (callback) { var args = Array.prototype.slice.call(arguments, 1); queueMicrotask(function () { callback.apply(undefined, args); }); },
    hrtime: Object.assign(function (previous) {
      var now = Date.now();
      var seconds = Math.floor(now / 1000);
      var nanoseconds = (now % 1000) * 1e6;
      if (previous) { seconds -= previous[0]; nanoseconds -= previous[1]; if (nanoseconds < 0) { seconds -= 1; nanoseconds += 1e9; } }
      return [seconds, nanoseconds];
    }, { bigint: function () { return BigInt(Date.now()) * 1000000n; } }),
    uptime: function () { return (Date.now() - config.startedAt) / 1000; },
    memoryUsage: function () { return { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }; },
    stdout: { write: function (text) { host.write(1, typeof text === 'string' ? text : BufferClass.from(text).toString()); return true; }, isTTY: false, columns: 80 },
    stderr: { write: function (text) { host.write(2, typeof text === 'string' ? text : BufferClass.from(text).toString()); return true; }, isTTY: false, columns: 80 },
    stdin: { isTTY: false, fd: 0 },
  };
  var counters = {};
  var timings = {};
  var groupIndent = '';
  function printer(fd) {
    return function () {
      var text = formatMessage(Array.prototype.slice.call(arguments));
      if (groupIndent) text = text.split('\n').map(function (line) { return groupIndent + line; }).join('\n');
      host.write(fd, text + '\n');
    };
  }
  var console = {
    log: printer(1), info: printer(1), debug: printer(1), error: printer(2), warn: printer(2), trace: printer(2),
    dir: function (value, options) { host.write(1, inspect(value, options) + '\n'); },
    table: function (value) { host.write(1, inspect(value) + '\n'); },
    assert: function (condition) { if (!condition) printer(2).apply(null, ['Assertion failed' + (arguments.length > 1 ? ':' : '')].concat(Array.prototype.slice.call(arguments, 1))); },
    count: function (label) { label = label === undefined ? 'default' : String(label); counters[label] = (counters[label] || 0) + 1; printer(1)(label + ': ' + counters[label]); },
    countReset: function (label) { counters[label === undefined ? 'default' : String(label)] = 0; },
    time: function (label) { timings[label === undefined ? 'default' : String(label)] = Date.now(); },
    timeEnd: function (label) { label = label === undefined ? 'default' : String(label); if (label in timings) { printer(1)(label + ': ' + (Date.now() - timings[label]) + 'ms'); delete timings[label]; } },
    timeLog: function (label) { label = label === undefined ? 'default' : String(label); if (label in timings) printer(1)(label + ': ' + (Date.now() - timings[label]) + 'ms'); },
    group: function () { if (arguments.length) printer(1).apply(null, arguments); groupIndent += '  '; },
    groupEnd: function () { groupIndent = groupIndent.slice(2); },
  };

  // ---------- CommonJS modules ----------
  var unavailable = ['http', 'https', 'net', 'child_process', 'worker_threads', 'cluster', 'dgram', 'dns', 'tls', 'http2', 'readline', 'zlib', 'crypto', 'stream', 'os', 'vm', 'url', 'querystring', 'string_decoder', 'timers', 'perf_hooks', 'module', 'v8', 'inspector', 'tty', 'test'];
  var builtins = {
    fs: fs, 'fs/promises': promises, path: path, 'path/posix': path, assert: assert, 'assert/strict': assert, util: util,
    events: EventEmitter, buffer: { Buffer: BufferClass }, process: process, console: console,
  };
  var moduleCache = {};
  function isFile(candidate) {
    try { return JSON.parse(host.fsStat(candidate)).type === 'file'; } catch (error) { return false; }
  }
  function isDirectory(candidate) {
    try { return JSON.parse(host.fsStat(candidate)).type === 'directory'; } catch (error) { return false; }
  }
  function resolveAsFile(candidate) {
    if (isFile(candidate)) return candidate;
    var extensions = ['.js', '.cjs', '.json'];
    for (var index = 0; index < extensions.length; index++) if (isFile(candidate + extensions[index])) return candidate + extensions[index];
    return null;
  }
  function resolveAsDirectory(candidate) {
    if (!isDirectory(candidate)) return null;
    var manifest = candidate + '/package.json';
    if (isFile(manifest)) {
      try {
        var main = JSON.parse(host.utf8Decode(host.fsRead(manifest))).main;
        if (typeof main === 'string') {
          var target = path.resolve(candidate, main);
          var found = resolveAsFile(target) || resolveAsDirectory(target);
          if (found) return found;
        }
      } catch (error) { /* a broken package.json falls back to index.js, as Node does */ }
    }
    return resolveAsFile(candidate + '/index');
  }
  function resolveModule(request, parentDirectory) {
    if (request.charAt(0) === '/' || request.slice(0, 2) === './' || request.slice(0, 3) === '../' || request === '.' || request === '..') {
      var absolute = path.resolve(parentDirectory, request);
      return resolveAsFile(absolute) || resolveAsDirectory(absolute);
    }
    var directory = parentDirectory;
    for (;;) {
      if (path.basename(directory) !== 'node_modules') {
        var candidate = path.join(directory, 'node_modules', request);
        var found = resolveAsFile(candidate) || resolveAsDirectory(candidate);
        if (found) return found;
      }
      if (directory === '/' || directory === config.root) return null;
      directory = path.dirname(directory);
    }
  }
  function Module(id, parent) {
    this.id = id;
    this.filename = id;
    this.path = path.dirname(id);
    this.exports = {};
    this.parent = parent || null;
    this.loaded = false;
    this.children = [];
  }
  function makeRequire(module) {
    function require(request) {
      if (typeof request !== 'string' || request === '') throw new TypeError('The "id" argument must be a non-empty string. Received ' + inspect(request));
      var name = request.slice(0, 5) === 'node:' ? request.slice(5) : request;
      if (Object.prototype.hasOwnProperty.call(builtins, name)) return builtins[name];
      if (unavailable.indexOf(name) !== -1) {
        var missing = new Error("The built-in module '" + name + "' is not available in the browser workspace (available: " + Object.keys(builtins).join(', ') + ')');
        missing.code = 'ERR_UNKNOWN_BUILTIN_MODULE';
        throw missing;
      }
      var filename = resolveModule(request, module.path);
      if (!filename) {
        var error = new Error("Cannot find module '" + request + "'\nRequire stack:\n- " + module.filename);
        error.code = 'MODULE_NOT_FOUND';
        throw error;
      }
      return loadModule(filename, module);
    }
    require.resolve = function (request) {
      var found = resolveModule(request, module.path);
      if (!found) { var error = new Error("Cannot find module '" + request + "'"); error.code = 'MODULE_NOT_FOUND'; throw error; }
      return found;
    };
    require.cache = moduleCache;
    require.main = mainModule;
    return require;
  }
  function loadModule(filename, parent) {
    if (moduleCache[filename]) return moduleCache[filename].exports;
    var module = new Module(filename, parent);
    moduleCache[filename] = module;
    if (parent) parent.children.push(module);
    var source = host.utf8Decode(host.fsRead(filename));
    try {
      if (path.extname(filename) === '.json') {
        try { module.exports = JSON.parse(source); } catch (error) { error.message = filename + ': ' + error.message; throw error; }
      } else {
        var compiled = host.compile(source.replace(/^#!.*/, ''), filename);
        compiled.call(module.exports, module.exports, makeRequire(module), module, filename, module.path);
      }
    } catch (error) {
      delete moduleCache[filename];
      throw error;
    }
    module.loaded = true;
    return module.exports;
  }
  var mainModule = null;

  globalThis.global = globalThis;
  globalThis.process = process;
  globalThis.console = console;
  globalThis.Buffer = BufferClass;
  globalThis.TextEncoder = TextEncoder;
  globalThis.TextDecoder = TextDecoder;

  var runtime = {
    runMain: function (requested) {
      var filename = resolveAsFile(requested) || resolveAsDirectory(requested);
      if (!filename) {
        var missing = new Error("Cannot find module '" + requested + "'");
        missing.code = 'MODULE_NOT_FOUND';
        missing.requireStack = [];
        throw missing;
      }
      mainModule = new Module(filename, null);
      mainModule.id = '.';
      moduleCache[filename] = mainModule;
      var source = host.utf8Decode(host.fsRead(filename));
      if (path.extname(filename) === '.json') { mainModule.exports = JSON.parse(source); return; }
      var compiled = host.compile(source.replace(/^#!.*/, ''), filename);
      compiled.call(mainModule.exports, mainModule.exports, makeRequire(mainModule), mainModule, filename, mainModule.path);
      mainModule.loaded = true;
    },
    /** -e / -p: the code runs as a script in the global scope with require and module defined there. */
    prepareEval: function () {
      mainModule = new Module(path.join(config.cwd, '[eval]'), null);
      mainModule.id = '[eval]';
      mainModule.filename = '[eval]';
      mainModule.path = config.cwd;
      globalThis.require = makeRequire(mainModule);
      globalThis.module = mainModule;
      globalThis.exports = mainModule.exports;
      globalThis.__filename = '[eval]';
      globalThis.__dirname = '.';
    },
    runNextTimer: runNextTimer,
    runExitHandlers: function (code) {
      var handlers = exitHandlers;
      exitHandlers = [];
      handlers.forEach(function (handler) { handler(code); });
    },
    exitCode: function () { return process.exitCode === undefined ? 0 : Number(process.exitCode) || 0; },
    inspect: function (value) { return inspect(value, { topLevelRaw: true }); },
    describeError: function (error) {
      if (error instanceof Error) return errorText(error);
      return 'Uncaught ' + inspect(error);
    },
  };
  return runtime;
})()
`;
