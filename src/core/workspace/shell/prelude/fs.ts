/** The prelude's fs module: synchronous calls over the workspace, with callback and promise forms. */
export const PRELUDE_FS = String.raw`
  // ---------- fs (synchronous, over the workspace) ----------
  function encodingOf(options) {
    if (typeof options === 'string') return options;
    return options && options.encoding ? options.encoding : null;
  }
  function pathArgument(value) {
    requireString(value, 'path');
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
          var stats = fs.statSync(builtin('path').join(directory, name));
          return { name: name, isFile: stats.isFile, isDirectory: stats.isDirectory, isSymbolicLink: stats.isSymbolicLink };
        });
      }
      return names;
    },
    mkdirSync: function (directory, options) {
      var recursive = Boolean(options && options.recursive);
      callHost(function () { host.fsMkdir(pathArgument(directory), recursive); });
      return recursive ? builtin('path').resolve(directory) : undefined;
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
`;
