// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExecutePlaceholder, NoCodeExecutePlaceholder } from './ExecutePlaceholder';
import { CHECKING_ARGUMENTS, RUNS_IN_WORKSPACE } from './panelText';

/** The placeholder as the build writes it, parsed as the browser reads it. */
function rendered(markup: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = markup;
  return host;
}

describe('the room the prerendered page keeps for the Execute panel', () => {
  it("reads a bundled tool's heading and sentence, and keeps the workspace button and the panel's lines unseen", () => {
    const host = rendered(renderToStaticMarkup(<ExecutePlaceholder intro={RUNS_IN_WORKSPACE} risk="high" workspace />));
    expect(host.querySelector('h2.exec-title')?.textContent).toBe('Execute');
    expect(host.querySelector('[data-testid="execution-intro"]')?.textContent).toBe(RUNS_IN_WORKSPACE);
    const button = [...host.querySelectorAll('button')].find((each) => each.textContent === 'Workspace files');
    expect(button?.closest('[aria-hidden="true"].exec-panel-room')).not.toBeNull();
    expect(button?.disabled).toBe(true);
    const room = host.querySelector('[data-testid="execution-room"]');
    expect(room?.getAttribute('aria-hidden')).toBe('true');
    expect(room?.querySelector('.exec-summary')?.textContent).toBe(CHECKING_ARGUMENTS);
    expect(room?.querySelector('.risk-badge')?.textContent).toContain('High');
    expect(room?.querySelector('.exec-run')?.getAttribute('tabindex')).toBe('-1');
    expect(room?.querySelector('.exec-history')).not.toBeNull();
  });

  it('keeps no workspace button for a tool whose call runs nothing', () => {
    const host = rendered(renderToStaticMarkup(<NoCodeExecutePlaceholder name="deploy" />));
    expect(host.querySelector('[data-testid="execution-intro"] code')).not.toBeNull();
    expect([...host.querySelectorAll('button')].map((each) => each.textContent)).not.toContain('Workspace files');
    expect(host.querySelector('[data-testid="execution-room"] .exec-summary')?.textContent).toBe(CHECKING_ARGUMENTS);
  });
});
