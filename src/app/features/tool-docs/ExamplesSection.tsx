import type { JsonValue, ToolDefinition } from '../../../core/toolset/types';
import { CodeBlock } from '../../components/CodeBlock';

interface ExamplesSectionProps {
  tool: ToolDefinition;
  onTry: (args: JsonValue) => void;
}

export function ExamplesSection({ tool, onTry }: ExamplesSectionProps) {
  return (
    <>
      {tool.examples.length > 0 ? (
        <div className="example-list">
          {tool.examples.map((example, index) => (
            <CodeBlock
              key={`valid-${index}`}
              code={JSON.stringify(example.arguments, null, 2)}
              label={example.title}
              actions={
                <button
                  type="button"
                  className="button button-small button-primary"
                  onClick={() => onTry(example.arguments)}
                  aria-label={`Try it: ${example.title}`}
                >
                  Try it
                </button>
              }
            />
          ))}
        </div>
      ) : (
        <p className="muted">No examples for this tool.</p>
      )}
      {tool.invalidExamples.length > 0 ? (
        <>
          <details className="invalid-examples">
            <summary>
              <h3 id="invalid-examples-title">Invalid examples ({tool.invalidExamples.length})</h3>
            </summary>
            <p className="muted">Each of these is rejected; the error it must produce is shown beside it.</p>
            <div className="example-list">
              {tool.invalidExamples.map((example, index) => {
                const code = JSON.stringify(example.arguments, null, 2);
                return (
                  <CodeBlock
                    key={`invalid-${index}`}
                    code={code.length > 600 ? JSON.stringify(example.arguments) : code}
                    label={example.title}
                    maxHeight={220}
                    actions={
                      <>
                        <span className="expected-error" title="Expected error">
                          <code>{example.expected.code}</code>
                          {example.expected.parameter ? (
                            <>
                              {' on '}
                              <code>{example.expected.parameter}</code>
                            </>
                          ) : null}
                        </span>
                        <button
                          type="button"
                          className="button button-small"
                          onClick={() => onTry(example.arguments)}
                          aria-label={`Try it: ${example.title}`}
                        >
                          Try it
                        </button>
                      </>
                    }
                  />
                );
              })}
            </div>
          </details>
        </>
      ) : null}
    </>
  );
}
