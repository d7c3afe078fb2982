import type { KindViewProps } from '../kind';
import { SymbolTable } from './SymbolTable';

export function SymbolsView({ data }: KindViewProps<'symbols'>) {
  return (
    <div className="exec-kind" data-kind={data.kind}>
      <h3>Definitions of {data.symbol}</h3>
      <SymbolTable locations={data.definitions} label={`Definitions of ${data.symbol}`} />
      <h3>References</h3>
      <SymbolTable locations={data.references} label={`References to ${data.symbol}`} />
    </div>
  );
}
