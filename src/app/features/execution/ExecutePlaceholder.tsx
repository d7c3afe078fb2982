import type { ReactNode } from 'react';
import { noCodeParts } from '../../../core/runtime/no-code';
import type { RiskLevel } from '../../../core/toolset/types';
import { RiskBadge } from '../../components/RiskBadge';
import { CHECKING_ARGUMENTS, noCallsYet } from './panelText';

/** The sentence of a tool with no code on a built site, with what the site's owner types set as code. */
export function NoCodeSentence({ name }: { name: string }) {
  return (
    <>{noCodeParts(name).map((part, index) => ('code' in part ? <code key={index}>{part.code}</code> : part.text))}</>
  );
}

/**
 * What the build renders in the Execute panel's place, before the panel (drawn only in the browser) is: its heading
 * and its sentence, where the panel draws them, so a reader of the prerendered page, or one without JavaScript, reads
 * what the tool does here. Unseen, the boxes the panel draws beside its heading (the workspace's button, where the
 * call runs in the workspace) and under its sentence before any call (the risk and summary line, the Execute button,
 * the empty history), with the panel's classes and lines: the room kept is the panel's at every width and font size,
 * so nothing below it moves when the panel takes its place.
 */
export function ExecutePlaceholder({
  intro,
  risk,
  workspace,
}: {
  intro: ReactNode;
  risk: RiskLevel;
  workspace: boolean;
}) {
  return (
    <div className="exec-panel" aria-busy="true">
      <div className="exec-panel-head">
        <h2 id="execute-title" className="exec-title">
          Execute
        </h2>
        {workspace ? (
          <span className="exec-panel-room" aria-hidden="true">
            <button type="button" className="button button-small" disabled tabIndex={-1}>
              Workspace files
            </button>
          </span>
        ) : null}
      </div>
      <p className="exec-intro muted" data-testid="execution-intro">
        {intro}
      </p>
      <div className="exec-panel-room" aria-hidden="true" data-testid="execution-room">
        <div className="exec-summary-line">
          <RiskBadge level={risk} />
          <span className="exec-summary">{CHECKING_ARGUMENTS}</span>
        </div>
        <div className="exec-actions">
          <button type="button" className="button button-primary exec-run" disabled tabIndex={-1}>
            <span>▶</span> Execute <kbd>Ctrl ↵</kbd>
          </button>
        </div>
        <section className="exec-history">
          <h3 className="exec-history-title">
            History <span className="muted">(0)</span>
          </h3>
          <p className="muted">{noCallsYet(true)}</p>
        </section>
      </div>
    </div>
  );
}

/** The placeholder of a tool with no code on a built site: a call runs nothing, so no workspace and no risk. */
export function NoCodeExecutePlaceholder({ name }: { name: string }) {
  return <ExecutePlaceholder intro={<NoCodeSentence name={name} />} risk="safe" workspace={false} />;
}
