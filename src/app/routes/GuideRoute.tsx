/** A page of the guide: `/guide/` (its index) or `/guide/<topic>/`. */
import { createGuideTexts, GuidePage, prepareGuidePage } from '../features/guide/GuidePage';

export { createGuideTexts, prepareGuidePage };

export function GuideRoute({ topic }: { topic: string }) {
  return <GuidePage topic={topic} />;
}
