/**
 * A tool's docs as static HTML, written by the build for every bundled tool (scripts/prerender.tsx): readable
 * without JavaScript and by search engines, with a link into the interactive playground. No hooks, no handlers.
 */
import type { ToolDefinition, ToolsetBundle } from '../../../core/toolset/types';
import { ParameterTable } from './ParameterTable';

export interface StaticToolPageProps {
  toolset: ToolsetBundle;
  tool: ToolDefinition;
  /** The interactive page of this tool (the hash route), relative to this page. */
  playgroundHref: string;
  /** The catalog, relative to this page. */
  catalogHref: string;
}

export function StaticToolPage({ toolset, tool, playgroundHref, catalogHref }: StaticToolPageProps) {
  const category = toolset.manifest.categories.find((candidate) => candidate.id === tool.category)?.name ?? tool.category;
  return (
    <>
      <header className="site-header static-header">
        <a className="site-title" href={catalogHref}>
          Tool Schema Playground
        </a>
      </header>
      <main id="main" className="site-main">
        <article className="tool-main" aria-labelledby="tool-title">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <a href={catalogHref}>{toolset.manifest.name}</a>
            <span aria-hidden="true"> / </span>
            <span>{category}</span>
          </nav>
          <header className="tool-header">
            <h1 id="tool-title">
              <code className="tool-name">{tool.name}</code>
            </h1>
            <p className="tool-title-text">{tool.title}</p>
            <dl className="tool-facts">
              <div>
                <dt>Version</dt>
                <dd>{tool.version}</dd>
              </div>
              <div>
                <dt>Risk</dt>
                <dd>{tool.riskLevel}</dd>
              </div>
              <div>
                <dt>Category</dt>
                <dd>{category}</dd>
              </div>
            </dl>
            <p>
              <a className="button button-primary" href={playgroundHref}>
                Open in the playground
              </a>
            </p>
          </header>
          <section className="doc-section" id="description">
            <h2>Description</h2>
            <p className="tool-description">{tool.description}</p>
          </section>
          <section className="doc-section" id="parameters">
            <h2>Parameters</h2>
            <ParameterTable tool={tool} />
          </section>
          <section className="doc-section" id="examples">
            <h2>Examples</h2>
            {tool.examples.length === 0 ? <p className="muted">No examples for this tool.</p> : null}
            {tool.examples.map((example, index) => (
              <figure className="code-block" key={index} data-testid="static-example">
                <figcaption className="code-block-bar">
                  <span className="code-block-label">{example.title}</span>
                </figcaption>
                <div className="code-block-body">
                  <pre className="shiki-fallback">
                    <code>{JSON.stringify(example.arguments, null, 2)}</code>
                  </pre>
                </div>
              </figure>
            ))}
          </section>
          <section className="doc-section" id="schema">
            <h2>JSON Schema</h2>
            <div className="code-block-body">
              <pre className="shiki-fallback">
                <code>{JSON.stringify(tool.inputSchema, null, 2)}</code>
              </pre>
            </div>
          </section>
        </article>
      </main>
    </>
  );
}
