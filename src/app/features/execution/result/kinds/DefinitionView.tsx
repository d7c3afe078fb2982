import type { KindViewProps } from '../kind';
import { SymbolTable } from './SymbolTable';

export function DefinitionView({ data }: KindViewProps<'definition'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      {data.definition ? (
        <SymbolTable locations={[data.definition]} label={`Definition of ${data.symbol}`} />
      ) : (
        <p>No definition of {data.symbol} found.</p>
      )}
    </div>
  );
}
