import { describe, expect, it } from 'vitest';
import { pyodideCwd } from './python-workspace-copy';

describe('pyodideCwd', () => {
  it('places a workspace-relative or absolute working directory under the workspace root', () => {
    expect(pyodideCwd('')).toBe('/workspace');
    expect(pyodideCwd(' . ')).toBe('/workspace');
    expect(pyodideCwd('/workspace')).toBe('/workspace');
    expect(pyodideCwd('/workspace/src//')).toBe('/workspace/src');
    expect(pyodideCwd('./src/lib/')).toBe('/workspace/src/lib');
    expect(pyodideCwd('src')).toBe('/workspace/src');
  });
});
