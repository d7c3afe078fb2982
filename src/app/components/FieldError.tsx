/** A field's problem under it, announced when it appears. */
export function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}
