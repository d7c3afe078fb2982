import { noCodeParts } from '../../../core/runtime/no-code';

/** The sentence of a tool with no code on a built site, with what the site's owner types set as code. */
export function NoCodeSentence({ name }: { name: string }) {
  return (
    <>{noCodeParts(name).map((part, index) => ('code' in part ? <code key={index}>{part.code}</code> : part.text))}</>
  );
}

/**
 * What the build renders in the Execute panel's place for such a tool, before the panel (drawn only in the browser)
 * is: its heading and the sentence, where the panel draws them, so a reader of the prerendered page, or one without
 * JavaScript, reads what the tool does here. `minHeight`: the room the panel takes once drawn.
 */
export function NoCodeExecutePlaceholder({ name, minHeight }: { name: string; minHeight: number }) {
  return (
    <div className="exec-panel" style={{ minHeight }} aria-busy="true">
      <div className="exec-panel-head">
        <h2 id="execute-title" className="exec-title">
          Execute
        </h2>
      </div>
      <p className="exec-intro muted" data-testid="execution-intro">
        <NoCodeSentence name={name} />
      </p>
    </div>
  );
}
