/** An argument that must be left out. */
import type { Grade } from '../types';
import { failed, passed, quote } from './grade';

export function matchArgumentAbsent(name: string, actual: unknown): Grade {
  return actual === undefined ? passed(`${name} is absent`) : failed(`${name} must be absent, got ${quote(actual)}`);
}
