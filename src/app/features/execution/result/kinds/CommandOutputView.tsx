import { OutputBlock } from '../OutputBlock';
import type { KindViewProps } from '../kind';

export function CommandOutputView({ data }: KindViewProps<'command_output'>) {
  return (
    <div className="exec-kind exec-command" data-kind={data.kind}>
      <p className="exec-caption">
        <code className="exec-command-line">
          {data.language ? `${data.language}: ` : '$ '}
          {data.command.length > 200 ? `${data.command.slice(0, 200)}…` : data.command}
        </code>{' '}
        <span className="exec-muted">in {data.workingDirectory}</span>{' '}
        <span
          className={`exec-exit ${data.exitCode === 0 ? 'exec-exit-ok' : 'exec-exit-fail'}`}
          data-testid="exit-code"
        >
          exit {data.exitCode}
        </span>
      </p>
      <OutputBlock label="stdout" text={data.stdout} />
      {data.stderr ? <OutputBlock label="stderr" text={data.stderr} tone="error" /> : null}
    </div>
  );
}
