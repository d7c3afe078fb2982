/** One output stream of a command (stdout or stderr), "(empty)" when it wrote nothing. */
export function OutputBlock({ label, text, tone }: { label: string; text: string; tone?: 'error' }) {
  return (
    <figure className={`exec-output ${tone === 'error' ? 'exec-output-error' : ''}`}>
      <figcaption>{label}</figcaption>
      <pre className="exec-pre" tabIndex={0} aria-label={label} data-testid={label}>
        {text === '' ? <span className="exec-muted">(empty)</span> : text}
      </pre>
    </figure>
  );
}
