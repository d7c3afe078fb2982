/** The prelude's CommonJS require over the workspace, the globals, and the runtime object the host calls. */
export const PRELUDE_MODULES = String.raw`
  // ---------- CommonJS modules ----------
  var unavailable = ['http', 'https', 'net', 'child_process', 'worker_threads', 'cluster', 'dgram', 'dns', 'tls', 'http2', 'readline', 'zlib', 'crypto', 'stream', 'os', 'vm', 'url', 'querystring', 'string_decoder', 'timers', 'perf_hooks', 'module', 'v8', 'inspector', 'tty', 'test'];
  var builtinFactories = {
    fs: function () { return fs; },
    'fs/promises': function () { return promises; },
    path: makePath,
    'path/posix': function () { return builtin('path'); },
    assert: function () { return library('assert'); },
    'assert/strict': function () { return builtin('assert').strict; },
    util: makeUtil,
    events: makeEvents,
    buffer: function () { return { Buffer: BufferClass }; },
    process: function () { return process; },
    console: function () { return console; },
  };
  var builtins = {};
  function builtin(name) {
    if (!Object.prototype.hasOwnProperty.call(builtins, name)) builtins[name] = builtinFactories[name]();
    return builtins[name];
  }
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
          var target = builtin('path').resolve(candidate, main);
          var found = resolveAsFile(target) || resolveAsDirectory(target);
          if (found) return found;
        }
      } catch (error) { /* a broken package.json falls back to index.js, as Node does */ }
    }
    return resolveAsFile(candidate + '/index');
  }
  function resolveModule(request, parentDirectory) {
    if (request.charAt(0) === '/' || request.slice(0, 2) === './' || request.slice(0, 3) === '../' || request === '.' || request === '..') {
      var absolute = builtin('path').resolve(parentDirectory, request);
      return resolveAsFile(absolute) || resolveAsDirectory(absolute);
    }
    var directory = parentDirectory;
    for (;;) {
      if (builtin('path').basename(directory) !== 'node_modules') {
        var candidate = builtin('path').join(directory, 'node_modules', request);
        var found = resolveAsFile(candidate) || resolveAsDirectory(candidate);
        if (found) return found;
      }
      if (directory === '/' || directory === config.root) return null;
      directory = builtin('path').dirname(directory);
    }
  }
  // Module ids are absolute and normalized already: their directory needs no path module, whose
  // loading a program that requires nothing would otherwise pay (≈ 3 ms a run, measured).
  function parentOf(id) {
    var slash = id.lastIndexOf('/');
    return slash <= 0 ? '/' : id.slice(0, slash);
  }
  function Module(id, parent) {
    this.id = id;
    this.filename = id;
    this.path = parentOf(id);
    this.exports = {};
    this.parent = parent || null;
    this.loaded = false;
    this.children = [];
  }
  function makeRequire(module) {
    function require(request) {
      if (typeof request !== 'string' || request === '') throw new TypeError('The "id" argument must be a non-empty string. Received ' + inspect(request));
      var name = request.slice(0, 5) === 'node:' ? request.slice(5) : request;
      if (Object.prototype.hasOwnProperty.call(builtinFactories, name)) return builtin(name);
      if (unavailable.indexOf(name) !== -1) {
        var missing = new Error("The built-in module '" + name + "' is not available in the browser workspace (available: " + Object.keys(builtinFactories).join(', ') + ')');
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
      if (/\.json$/.test(filename)) {
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
      if (/\.json$/.test(filename)) { mainModule.exports = JSON.parse(source); return; }
      var compiled = host.compile(source.replace(/^#!.*/, ''), filename);
      compiled.call(mainModule.exports, mainModule.exports, makeRequire(mainModule), mainModule, filename, mainModule.path);
      mainModule.loaded = true;
    },
    /** -e / -p: the code runs as a script in the global scope with require and module defined there. */
    prepareEval: function () {
      mainModule = new Module(config.cwd.replace(/\/$/, '') + '/[eval]', null);
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
`;
