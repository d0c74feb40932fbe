/**
 * An on/off account setting with its label and help line. Never `disabled` while its call runs (a
 * disabled control drops the keyboard focus to the page): `pending` marks it and ignores changes.
 */
export function SettingSwitch({
  id,
  label,
  help,
  checked,
  pending,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  checked: boolean;
  pending: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <>
      <div className="form-check form-switch">
        <input
          id={`${id}-switch`}
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          aria-disabled={pending || undefined}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            if (!pending) onChange(event.target.checked);
          }}
        />
        <label htmlFor={`${id}-switch`} className="form-check-label fw-semibold">
          {label}
        </label>
      </div>
      <p id={`${id}-help`} className="text-body-secondary small mb-0 mt-2">
        {help}
      </p>
    </>
  );
}
