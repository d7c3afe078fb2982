import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import toolDefinitionMetaSchema from '../../../schemas/meta/tool-definition.schema.json';
import toolsetMetaSchema from '../../../schemas/meta/toolset.schema.json';
import { listJsonFiles, schemasDirectory } from './acode-files.node.test-support.js';
import type { JsonObject } from './types';

describe('every file in schemas/ validates against its meta-schema', () => {
  const metaAjv = new Ajv2020({ allErrors: true, strict: true });
  const validateTool = metaAjv.compile(toolDefinitionMetaSchema);
  const validateManifest = metaAjv.compile(toolsetMetaSchema);
  const allFiles = listJsonFiles(schemasDirectory);

  it('finds the meta-schemas, manifests and tool files', () => {
    expect(allFiles).toContain('meta/tool-definition.schema.json');
    expect(allFiles).toContain('meta/toolset.schema.json');
    expect(allFiles).toContain('acode/toolset.json');
  });

  it.each(allFiles)('%s', (relativePath) => {
    const json = JSON.parse(readFileSync(`${schemasDirectory}/${relativePath}`, 'utf8')) as unknown;
    if (relativePath.startsWith('meta/')) {
      expect(metaAjv.validateSchema(json as object), JSON.stringify(metaAjv.errors)).toBe(true);
    } else if (relativePath.endsWith('/toolset.json')) {
      expect(validateManifest(json), JSON.stringify(validateManifest.errors)).toBe(true);
    } else {
      expect(validateTool(json), JSON.stringify(validateTool.errors)).toBe(true);
      // Earlier versions sit one folder deeper: history/<tool>/<version>.json.
      const depth = relativePath.split('/').length - 1;
      expect((json as JsonObject).$schema).toBe(`${'../'.repeat(depth)}meta/tool-definition.schema.json`);
    }
  });
});
