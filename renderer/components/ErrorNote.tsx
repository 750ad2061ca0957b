import { useErrorText } from './error-text';

/** A failed request, said plainly, in a calm box that stays until the next attempt. */
export function ErrorNote({ error }: { error: unknown }) {
  const text = useErrorText();
  if (error === null || error === undefined) return null;
  return (
    <p className="error-note" role="alert">
      <span aria-hidden="true">⚠ </span>
      {text(error)}
    </p>
  );
}
