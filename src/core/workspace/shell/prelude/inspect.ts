/**
 * The prelude's util.inspect and util.format (console's formatting). Hand-written on purpose: on the
 * comparison cases util@0.12 matches Node 20 in 11 of 39 (it prints a Map or a Set as {}, drops class
 * names, Symbols and BigInts, and knows no %i %f %o %O %c), this in 31.
 */
export const PRELUDE_INSPECT = String.raw`
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
    // Node's own errors carry their code in the name (TypeError [ERR_INVALID_ARG_TYPE]: …).
    var code = typeof error.code === 'string' && /^ERR_/.test(error.code) ? ' [' + error.code + ']' : '';
    var header = String(error.name || 'Error') + code + (error.message ? ': ' + error.message : '');
    var stack = typeof error.stack === 'string' ? error.stack.replace(/\s+$/, '') : '';
    var text = stack ? header + '\n' + stack : header;
    // Then, as Node does, the error's own properties (code, actual, expected, …).
    var keys = Object.keys(error).filter(function (key) { return key !== 'stack' && key !== 'message'; });
    if (keys.length === 0) return text;
    return text + ' {\n' + keys.map(function (key) {
      return '  ' + (identifierPattern.test(key) ? key : quoteString(key)) + ': ' + inspect(error[key]).split('\n').join('\n  ');
    }).join(',\n') + '\n}';
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
    var circular = [];
    function formatKey(key) {
      if (typeof key === 'symbol') return '[' + String(key) + ']';
      return identifierPattern.test(key) ? key : quoteString(key);
    }
    function wrap(prefix, parts, open, close, indentation) {
      if (parts.length === 0) return prefix + open + close;
      var single = prefix + open + ' ' + parts.join(', ') + ' ' + close;
      // compact: false (one entry a line) is how assert lays out the values it diffs.
      if (!(options && options.compact === false) && single.length + indentation <= 72 && single.indexOf('\n') === -1) return single;
      var pad = '  '.repeat(indentation / 2 + 1);
      return prefix + open + '\n' + pad + parts.join(',\n' + pad) + '\n' + '  '.repeat(indentation / 2) + close;
    }
    // An object met again inside itself is [Circular *n], and the object itself is marked <ref *n>.
    function format(value, depth, indentation) {
      var text = formatValue(value, depth, indentation);
      var id = typeof value === 'object' && value !== null && seen.indexOf(value) === -1 ? circular.indexOf(value) : -1;
      return id === -1 ? text : '<ref *' + (id + 1) + '> ' + text;
    }
    function formatValue(value, depth, indentation) {
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
      if (seen.indexOf(value) !== -1) {
        if (circular.indexOf(value) === -1) circular.push(value);
        return '[Circular *' + (circular.indexOf(value) + 1) + ']';
      }
      if (typeof value[inspect.custom] === 'function' && value[inspect.custom] !== inspect) {
        var custom = value[inspect.custom](depthLimit - depth, options || {}, inspect);
        return typeof custom === 'string' ? custom : format(custom, depth, indentation);
      }
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
  inspect.custom = Symbol.for('nodejs.util.inspect.custom');
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
            if (typeof argument === 'object' && argument !== null) return inspect(argument, { depth: 0 });
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
`;
