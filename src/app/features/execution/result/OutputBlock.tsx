import { BoundedText } from '../../../components/BoundedText';

/** One output stream of a command (stdout or stderr), "(empty)" when it wrote nothing; a long one is windowed. */
export function OutputBlock({ label, text, tone }: { label: string; text: string; tone?: 'error' }) {
  return (
    <figure className={`exec-output ${tone === 'error' ? 'exec-output-error' : ''}`}>
      <figcaption>{label}</figcaption>
      {text === '' ? (
        <pre className="pre-block" tabIndex={0} aria-label={label} data-testid={label}>
          <span className="exec-muted">(empty)</span>
        </pre>
      ) : (
        <BoundedText text={text} label={label} fileName={`${label}.txt`} className="pre-block" />
      )}
    </figure>
  );
}
