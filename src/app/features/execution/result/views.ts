import type { ComponentType } from 'react';
import type { KindViewProps, ResultKind } from './kind';
import { AnswerView } from './kinds/AnswerView';
import { CommandOutputView } from './kinds/CommandOutputView';
import { CommitView } from './kinds/CommitView';
import { ConfirmationView } from './kinds/ConfirmationView';
import { DefinitionView } from './kinds/DefinitionView';
import { DeleteView } from './kinds/DeleteView';
import { DiffView } from './kinds/DiffView';
import { FileContentView } from './kinds/FileContentView';
import { GitStatusView } from './kinds/GitStatusView';
import { ListingView } from './kinds/ListingView';
import { LogView } from './kinds/LogView';
import { MockView } from './kinds/MockView';
import { MoveView } from './kinds/MoveView';
import { OutputView } from './kinds/OutputView';
import { SearchHitsView } from './kinds/SearchHitsView';
import { SemanticHitsView } from './kinds/SemanticHitsView';
import { SymbolsView } from './kinds/SymbolsView';
import { WriteView } from './kinds/WriteView';

/** One view for every result kind: a mapped type, so a kind added to ToolData without a view fails to compile. */
export type ResultViews = { [K in ResultKind]: ComponentType<KindViewProps<K>> };

export const resultViews: ResultViews = {
  file_content: FileContentView,
  write: WriteView,
  listing: ListingView,
  search_hits: SearchHitsView,
  delete: DeleteView,
  move: MoveView,
  command_output: CommandOutputView,
  semantic_hits: SemanticHitsView,
  symbols: SymbolsView,
  definition: DefinitionView,
  git_status: GitStatusView,
  diff: DiffView,
  log: LogView,
  commit: CommitView,
  answer: AnswerView,
  confirmation: ConfirmationView,
  output: OutputView,
  mock: MockView,
};
