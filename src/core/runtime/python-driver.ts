/**
 * Defines the function every run calls. Pyodide cannot be interrupted from its own thread, so the
 * time limit is kept inside Python: a trace function checks the clock (see ./python.ts).
 */
export const DRIVER_SOURCE = `
import sys, os, time, traceback, linecache, json

class _PlaygroundTimeout(BaseException):
    pass

class _PlaygroundOutputLimit(BaseException):
    pass

def __playground_run(source, cwd, timeout_seconds, argv_json=None, script_name="<script>", env_json=None, output_full=None):
    deadline = time.monotonic() + timeout_seconds
    counter = 0
    def tracer(frame, event, arg):
        nonlocal counter
        counter += 1
        if counter >= 2000:
            counter = 0
            if time.monotonic() > deadline:
                raise _PlaygroundTimeout()
            if output_full is not None and output_full():
                raise _PlaygroundOutputLimit()
        return tracer
    try:
        os.chdir(cwd)
    except OSError as error:
        print(f"working directory not found: {cwd}", file=sys.stderr)
        return 1
    linecache.cache[script_name] = (len(source), None, source.splitlines(True), script_name)
    sys.argv = json.loads(argv_json) if argv_json else [script_name]
    # Like CPython: a script's own folder comes first on sys.path; for -c, -m and stdin the working directory.
    path0 = os.path.dirname(script_name) if script_name.startswith("/") else cwd
    extra_env = json.loads(env_json) if env_json else {}
    saved_env = dict(os.environ)
    os.environ.update(extra_env)
    python_path = [os.path.join(cwd, entry) for entry in extra_env.get("PYTHONPATH", "").split(":") if entry]
    added_paths = [path0] + python_path
    sys.path[0:0] = added_paths
    namespace = {"__name__": "__main__", "__file__": script_name}
    try:
        code = compile(source, script_name, "exec")
    except SyntaxError as error:
        traceback.print_exception(type(error), error, None)
        for entry in added_paths:
            sys.path.remove(entry)
        os.environ.clear()
        os.environ.update(saved_env)
        return 1
    sys.settrace(tracer)
    try:
        exec(code, namespace)
        return 0
    except _PlaygroundTimeout:
        return -1
    except _PlaygroundOutputLimit:
        return -2
    except SystemExit as error:
        if error.code is None:
            return 0
        if isinstance(error.code, int):
            return error.code
        print(error.code, file=sys.stderr)
        return 1
    except BaseException as error:
        # Drop this driver's own frame from the traceback.
        traceback.print_exception(type(error), error, error.__traceback__.tb_next)
        return 1
    finally:
        sys.settrace(None)
        sys.stdout.flush()
        sys.stderr.flush()
        for entry in added_paths:
            if entry in sys.path:
                sys.path.remove(entry)
        os.environ.clear()
        os.environ.update(saved_env)
        # Workspace modules are copied in afresh for every run, so a later run must import them again.
        for name, module in list(sys.modules.items()):
            if (getattr(module, "__file__", None) or "").startswith("/workspace/"):
                del sys.modules[name]
`;
