/** A page of the guide: `/guide/` (its index) or `/guide/<topic>/`. */
import { GuidePage, prepareGuidePage } from '../features/guide/GuidePage';

export { prepareGuidePage };

export function GuideRoute({ topic }: { topic: string }) {
  return <GuidePage topic={topic} />;
}
