import { splitParameterPath } from '../../lib/parameterPath';

/** rjsf's error shape: nested by field, messages under `__errors`. */
export interface FieldErrorTree {
  __errors?: string[];
  [field: string]: FieldErrorTree | string[] | undefined;
}

/** Maps the core validator's errors (by parameter path) onto rjsf's `extraErrors` tree. */
export function toErrorTree(errors: readonly { parameter: string; message: string }[]): FieldErrorTree {
  const root: FieldErrorTree = {};
  for (const error of errors) {
    let node = root;
    for (const segment of splitParameterPath(error.parameter)) {
      const key = String(segment);
      // Own properties only, defined rather than assigned: a parameter named `constructor` or `__proto__` must
      // become a branch of the tree, not reach Object's constructor or replace the tree's prototype.
      const child = Object.hasOwn(node, key) ? node[key] : undefined;
      if (child && !Array.isArray(child)) node = child;
      else {
        const created: FieldErrorTree = {};
        Object.defineProperty(node, key, { value: created, enumerable: true, writable: true, configurable: true });
        node = created;
      }
    }
    node.__errors = [...(node.__errors ?? []), error.message];
  }
  return root;
}

export const FORM_ID_PREFIX = 'arg';
export const FORM_ID_SEPARATOR = '_';

/** The DOM id rjsf gives the input of a parameter path, most specific first, then its ancestors. */
export function formFieldIds(parameter: string): string[] {
  const segments = splitParameterPath(parameter).map(String);
  const ids: string[] = [];
  for (let length = segments.length; length >= 1; length -= 1) {
    const id = [FORM_ID_PREFIX, ...segments.slice(0, length)].join(FORM_ID_SEPARATOR);
    ids.push(id, `${id}-key`);
  }
  return ids;
}

/**
 * What an rjsf button acts on, read from its id (`arg_files_0__remove` → "files item 1",
 * `arg_env__add` → "env"), so each button gets a distinct accessible name.
 */
export function buttonSubject(buttonId: string | undefined): string {
  if (!buttonId) return '';
  const withoutAction = buttonId.replace(/__[A-Za-z]+$/, '');
  const path = withoutAction.startsWith(FORM_ID_PREFIX + FORM_ID_SEPARATOR)
    ? withoutAction.slice(FORM_ID_PREFIX.length + 1)
    : withoutAction;
  const item = /^(.*)_(\d+)$/.exec(path);
  return item ? `${item[1]} item ${Number(item[2]) + 1}` : path;
}
