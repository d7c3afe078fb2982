/** A page of the guide: `/guide/` (its index) or `/guide/<topic>/`. */
import { GUIDE_TEXTS, GuidePage, prepareGuidePage } from '../features/guide/GuidePage';

export { GUIDE_TEXTS, prepareGuidePage };

export function GuideRoute({ topic }: { topic: string }) {
  return <GuidePage topic={topic} />;
}
