/** The prelude's timers on a virtual clock (run after the main script), process and console. */
export const PRELUDE_PROCESS = String.raw`
  // ---------- timers (virtual clock, run after the main script) ----------
  var timers = [];
  var timerSequence = 0;
  var virtualNow = 0;
  function schedule(callback, delay, args, repeat) {
    if (typeof callback !== 'function') requireType(callback, 'callback', 'function');
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
    emitWarning: function (warning, type) {
      var name = warning instanceof Error ? warning.name : (typeof type === 'string' ? type : (type && type.type) || 'Warning');
      host.write(2, '(node:42) ' + name + ': ' + (warning instanceof Error ? warning.message : String(warning)) + '\n');
    },
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
`;
