/**
 * JavaScript evaluated in every QuickJS context before the program: Node's globals (console,
 * process, timers, Buffer), CommonJS `require` over the workspace, and the built-in modules
 * fs, path, assert, util and events. It talks to the host only through `__host` (see node-runtime.ts).
 * The parts live in prelude/, in this order; they share one function scope.
 *
 * Timers are a queue on a virtual clock: they run after the main script, in due order, without
 * waiting in real time.
 */
import { PRELUDE_BUFFER } from './prelude/buffer';
import { PRELUDE_BUILTINS } from './prelude/builtins';
import { PRELUDE_FS } from './prelude/fs';
import { PRELUDE_INSPECT } from './prelude/inspect';
import { PRELUDE_MODULES } from './prelude/modules';
import { PRELUDE_PROCESS } from './prelude/process';

const OPENING = String.raw`
(function () {
  'use strict';
  var host = globalThis.__host;
  delete globalThis.__host;
  var config = JSON.parse(host.config());
`;

const CLOSING = `})()
`;

export const NODE_PRELUDE = [
  OPENING,
  PRELUDE_INSPECT,
  PRELUDE_BUFFER,
  PRELUDE_BUILTINS,
  PRELUDE_FS,
  PRELUDE_PROCESS,
  PRELUDE_MODULES,
  CLOSING,
].join('\n');
