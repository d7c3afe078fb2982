/** Every format the generated validators may name: ajv-formats' full set and the workspace path formats. */
import { fullFormats } from 'ajv-formats/dist/formats';
import { PATH_FORMAT_DEFINITIONS } from './path-formats';

export const formats = { ...fullFormats, ...PATH_FORMAT_DEFINITIONS };
