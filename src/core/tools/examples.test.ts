import { createCompilingValidator } from '../validation/compile';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPyodideRunner, type PyodideRunner } from '../runtime/python';
import { createExecutionService } from '../runtime/service';
import { checkStructured } from '../runtime/structured';
import type { ResolvingNetwork, ToolResult } from '../runtime/types';
import { collection } from '../toolset/bundle';
import { createSampleWorkspace } from '../workspace/sample';
import { createWorkspace, type WorkspaceImpl } from '../workspace/workspace';
import type { WorkspaceSnapshot } from '../workspace/types';
import { implementationsFor } from './index';
import { fetchAtAddress } from './prfactory/web/resolve.node.test-support';

// The validator these tests check with: schemas compiled on demand, as the CLI does.
const validator = createCompilingValidator();

/**
 * The docs promise that an example, tried in the playground, works on the sample workspace the first
 * time. These are the exceptions, each the outcome the example is there to show.
 */
const EXPECTED_FAILURES: Record<string, { code: string; because: RegExp }> = {
  'write_file: Refuse to overwrite: config.json already exists, so this fails with already_exists': {
    code: 'already_exists',
    because: /config\.json/,
  },
  'execute_script: PowerShell: list C# files': { code: 'language_unavailable', because: /powershell/i },
  'DeleteFile: Ask first (refused without confirm)': { code: 'confirmation_required', because: /confirm/ },
};

/** A result that succeeded but found nothing would make a poor first try. */
function emptiness(result: ToolResult): string | null {
  const data = result.data as Record<string, unknown> | undefined;
  if (!data) return null;
  for (const key of ['hits', 'entries', 'commits', 'definitions']) {
    if (Array.isArray(data[key]) && data[key].length === 0) return `no ${key}`;
  }
  if (data['kind'] === 'command_output' && data['exitCode'] !== 0) return `exit code ${String(data['exitCode'])}`;
  return null;
}

let sample: WorkspaceSnapshot;
let workspace: WorkspaceImpl;
let python: PyodideRunner;
/** The web examples' servers, played on loopback: no test reaches the internet. */
let web: Server;
let webOrigin = '';

beforeAll(async () => {
  sample = await (await createSampleWorkspace()).snapshot();
  python = createPyodideRunner({ workspace: () => workspace });
  web = createServer((request, response) => {
    const json = request.headers.accept?.includes('json') || request.method === 'POST';
    response.writeHead(request.method === 'POST' ? 201 : 200, {
      'content-type': json ? 'application/json' : 'text/plain',
    });
    response.end(json ? JSON.stringify({ method: request.method, url: request.url }) : 'Hello World!\n');
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webOrigin = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => new Promise<void>((resolve) => web.close(() => resolve())));

/**
 * Node's network for the web tools, with every name resolving to a public documentation address so the
 * check passes as for a real host; the request to that checked address is played by the loopback server.
 */
const network: ResolvingNetwork = {
  resolve: async () => ['93.184.216.34'],
  fetchAt: (url, _address, init) =>
    fetchAtAddress(new URL(`${webOrigin}${url.pathname}${url.search}`), '127.0.0.1', init),
};

const cases = collection.toolsets.flatMap((toolset) =>
  toolset.tools.flatMap((tool) => tool.examples.map((example) => ({ toolset, tool: tool.name, example }))),
);

describe('every example of every bundled tool on a fresh sample workspace', () => {
  it('covers every tool of every toolset', () => {
    expect(new Set(cases.map((entry) => `${entry.toolset.manifest.id}/${entry.tool}`)).size).toBe(
      collection.toolsets.reduce((sum, toolset) => sum + toolset.tools.length, 0),
    );
    expect(collection.toolsets.map((toolset) => toolset.manifest.id).sort()).toEqual([
      'acode-core',
      'prfactory-agent-tools',
    ]);
  });

  it.each(cases.map((entry) => [`${entry.tool}: ${entry.example.title}`, entry] as const))(
    '%s',
    async (label, { toolset, tool, example }) => {
      workspace = await createWorkspace(sample);
      const service = createExecutionService({
        validator,
        tools: toolset.tools,
        implementations: implementationsFor(toolset.manifest.id),
        workspace,
        python,
        resolvingNetwork: network,
        // A person picks the default, or the first choice, or types an answer.
        interaction: {
          ask: async (_question, options, defaultOption) => defaultOption ?? options?.[0] ?? 'PostgreSQL',
          confirm: async () => true,
        },
        approve: async () => true,
      });
      const result = await service.execute(tool, example.arguments);
      const expected = EXPECTED_FAILURES[label];
      if (expected) {
        expect(result.errorCode, JSON.stringify(result).slice(0, 400)).toBe(expected.code);
        expect(`${result.error ?? ''} ${result.message} ${JSON.stringify(result.data ?? '')}`).toMatch(
          expected.because,
        );
        return;
      }
      expect(result.success, JSON.stringify(result).slice(0, 600)).toBe(true);
      expect(emptiness(result), JSON.stringify(result.data).slice(0, 400)).toBeNull();
      // The structured result is what the tool's outputSchema declares, by the project's validator and its codes.
      const definition = toolset.tools.find((candidate) => candidate.name === tool)!;
      expect(definition.outputSchema, `${tool} declares no outputSchema`).toBeDefined();
      expect(
        checkStructured(definition, result.data, false, validator),
        JSON.stringify(result.data).slice(0, 400),
      ).toEqual({ status: 'valid' });
    },
    60_000,
  );

  it('names only examples that exist', () => {
    const labels = new Set(cases.map((entry) => `${entry.tool}: ${entry.example.title}`));
    for (const label of Object.keys(EXPECTED_FAILURES)) expect(labels.has(label), label).toBe(true);
  });
});
