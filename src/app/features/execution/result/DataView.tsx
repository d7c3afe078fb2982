import type { ComponentType } from 'react';
import type { ToolData } from '../../../../core/runtime/types';
import type { KindViewProps, ResultKind } from './kind';
import { resultViews } from './views';

/** A result's data, drawn by the view of its kind. */
export function DataView({ data }: { data: ToolData }) {
  // The map pairs each kind with its own view; TypeScript cannot follow that pairing through an
  // indexed lookup on a union, so the view is widened to take the union once, here.
  const View = resultViews[data.kind] as ComponentType<KindViewProps<ResultKind>>;
  return <View data={data} />;
}
