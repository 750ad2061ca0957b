// One toggle chip of the inbox's filter (a confirmation state or a change kind). The inbox adds an icon and
// a count to each chip; the export's copy of the filter shows the bare name, so both are optional.
interface Props {
  /** The colour class beside `chip`, e.g. `status-W` or `kind-new`. */
  tone: string;
  label: string;
  pressed: boolean;
  onClick: () => void;
  icon?: string;
  /** A number, or '…' while the counts load. */
  count?: number | string;
  testId?: string;
  /** What the chip picks out, when its name alone does not say it. */
  hint?: string;
}

export function FilterChip({ tone, label, pressed, onClick, icon, count, testId, hint }: Props) {
  return (
    <button
      type="button"
      className={`chip ${tone}`}
      aria-pressed={pressed}
      data-testid={testId}
      title={hint}
      onClick={onClick}
    >
      {icon !== undefined && <span aria-hidden="true">{icon} </span>}
      {label}
      {count !== undefined && (
        <>
          {' '}
          <span className="count">{count}</span>
        </>
      )}
    </button>
  );
}
