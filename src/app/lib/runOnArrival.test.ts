import { describe, expect, it } from 'vitest';
import { openedToRun, RUN_FRAGMENT } from './runOnArrival';

describe('a link that runs its tool on arrival', () => {
  it('is the fragment #run alone', () => {
    expect(openedToRun({ hash: `#${RUN_FRAGMENT}` })).toBe(true);
    expect(openedToRun({ hash: '#run' })).toBe(true);
  });

  it('is no other fragment: an anchor, a shared link, none', () => {
    expect(openedToRun({ hash: '' })).toBe(false);
    expect(openedToRun({ hash: '#running' })).toBe(false);
    expect(openedToRun({ hash: '#playground' })).toBe(false);
    expect(openedToRun({ hash: '#args=zABC' })).toBe(false);
    expect(openedToRun({ hash: '#args=zABC&run' })).toBe(false);
  });
});
