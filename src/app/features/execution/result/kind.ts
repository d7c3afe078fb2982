import type { ToolData } from '../../../../core/runtime/types';

export type ResultKind = ToolData['kind'];

/** The data of one result kind. */
export type DataOf<K extends ResultKind> = Extract<ToolData, { kind: K }>;

/** The props of the view of one result kind. */
export interface KindViewProps<K extends ResultKind> {
  data: DataOf<K>;
}
