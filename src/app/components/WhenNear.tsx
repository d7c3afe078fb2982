import { Suspense, useRef, type ReactNode } from 'react';
import { useNearViewport } from './CodeBlock';

/**
 * A section's body that loads when its place comes near the screen (as highlighting and token counts do), so a
 * page does not ship what sits far below its first screen. `placeholder` holds the place meanwhile (and while the
 * body's code arrives); give it the test id the body carries, so "scroll to it" finds something to scroll to.
 */
export function WhenNear({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
