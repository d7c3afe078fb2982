import { Suspense, type ReactNode } from 'react';
import { ClientOnly } from '../../lib/hydrated';
import { WhenNear } from '../../components/WhenNear';

/** The room the side column (the workspace, a live tool's server) keeps until it is drawn. */
export const SIDE_PANEL_HEIGHT = 320;

/** A part's room, kept until the part is drawn. */
export function Pending({ height }: { height: number }) {
  return <div className="section-pending" style={{ minHeight: height }} aria-busy="true" />;
}

/** A part drawn only in this browser whose code loads as it comes near the screen; its room is kept meanwhile. */
export function NearPart({ height, children }: { height: number; children: ReactNode }) {
  return (
    <ClientOnly fallback={<Pending height={height} />}>
      <WhenNear placeholder={<Pending height={height} />}>{children}</WhenNear>
    </ClientOnly>
  );
}

/**
 * Docs taken over after the playground (the editor is ready soon after navigation). A Suspense boundary in the
 * prerendered markup is hydrated after the rest of the page has been committed, at the lowest priority, so the
 * playground, which appears once the page is this browser's, is drawn and its editor started before these sections are
 * hydrated. They are the same markup meanwhile, and a click on one hydrates it first. Nothing inside suspends.
 */
export function HydratedAfterPlayground({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** One section of the tool page, at its own address (`#audit`), named by its heading. */
export function Section({
  id,
  title,
  children,
  description,
}: {
  id: string;
  title: string;
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <section className="doc-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {title}
      </h2>
      {description ? <div className="section-description">{description}</div> : null}
      {children}
    </section>
  );
}
