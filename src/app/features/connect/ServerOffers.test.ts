import { describe, expect, it } from 'vitest';
import { describeCapabilities } from './ServerOffers';

describe("a server's capabilities in words", () => {
  it('names each capability and its switches that are on', () => {
    expect(
      describeCapabilities({
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: false },
        prompts: {},
        logging: {},
      }),
    ).toBe('tools (list changes), resources (subscribe), prompts, logging');
  });

  it('names the extensions a server declares by their identifiers', () => {
    expect(describeCapabilities({ tools: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } })).toBe(
      'tools, extensions (io.modelcontextprotocol/tasks)',
    );
  });

  it('says none for a server that declares nothing', () => {
    expect(describeCapabilities({})).toBe('none');
  });
});
