/** The workspace path formats alone: what a generated validator naming no other format imports (ajv-formats stays off its page). */
import { PATH_FORMAT_DEFINITIONS } from './path-formats';

export const formats = PATH_FORMAT_DEFINITIONS;
