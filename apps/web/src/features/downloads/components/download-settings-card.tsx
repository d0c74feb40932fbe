import { MAX_DOWNLOAD_LIMIT_KBPS } from '@benchside/contracts/helper';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureDetails } from '../../../components/ui/failure-details.tsx';
import {
  askForDownloadNotifications,
  notificationPermission,
  setDownloadNotificationsOn,
  useDownloadNotificationsOn,
} from '../../../lib/download-notifications.ts';
import { helperFailureDetails } from '../../../lib/helper-failure.ts';
import { notify } from '../../../lib/notify.ts';
import { useHelperSettings, useSaveHelperSettings } from '../api/helper-downloads.ts';
import { type LimitUnit, limitFromKBps, limitToKBps } from '../speed-limit.ts';

/**
 * How the helper downloads (its own settings: a speed limit, "pause at startup") and whether this
 * browser shows a desktop notification when a download finishes.
 */
export function DownloadSettingsCard() {
  const { t } = useTranslation();
  const settings = useHelperSettings();
  return (
    <section className="card mb-4" aria-labelledby="download-settings-title">
      <div className="card-header">
        <h2 id="download-settings-title" className="card-title h5 mb-0">
          {t('downloads.settings.title')}
        </h2>
      </div>
      <div className="card-body">
        {settings.isError ? (
          <div className="text-danger mb-3" role="alert">
            {t('downloads.settings.loadFailed')}
            <FailureDetails details={helperFailureDetails(settings.error)} />
          </div>
        ) : settings.isSuccess ? (
          <HelperSettingsForm
            // A fresh form when the helper's answer changes, so the fields show what it keeps.
            key={`${settings.data.downloadLimitKBps}-${settings.data.pauseAtStartup}`}
            limitKBps={settings.data.downloadLimitKBps}
            pauseAtStartup={settings.data.pauseAtStartup}
          />
        ) : (
          <span className="text-body-secondary">{t('downloads.loading')}</span>
        )}
        <NotificationSwitch />
      </div>
    </section>
  );
}

function HelperSettingsForm({ limitKBps, pauseAtStartup }: { limitKBps: number; pauseAtStartup: boolean }) {
  const { t } = useTranslation();
  const save = useSaveHelperSettings();
  const initial = limitFromKBps(limitKBps);
  const [amount, setAmount] = useState(String(initial.amount));
  const [unit, setUnit] = useState<LimitUnit>(initial.unit);
  const [paused, setPaused] = useState(pauseAtStartup);
  const [problem, setProblem] = useState<string | null>(null);
  const limitId = useId();
  const unitId = useId();
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const kbps = limitToKBps(amount, unit);
    if (kbps === null || kbps > MAX_DOWNLOAD_LIMIT_KBPS) {
      setProblem(t('downloads.settings.limitInvalid'));
      return;
    }
    setProblem(null);
    save.mutate(
      { downloadLimitKBps: kbps, pauseAtStartup: paused },
      {
        onSuccess: () => notify(t('downloads.settings.saved'), 'success'),
        onError: (error) => notify(t('downloads.settings.saveFailed'), 'error', helperFailureDetails(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mb-3">
      <label htmlFor={limitId} className="form-label">
        {t('downloads.settings.limitLabel')}
      </label>
      <div className="input-group download-limit-group">
        <input
          id={limitId}
          className={`form-control${problem ? ' is-invalid' : ''}`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          autoComplete="off"
        />
        <label htmlFor={unitId} className="visually-hidden">
          {t('downloads.settings.unitLabel')}
        </label>
        <select
          id={unitId}
          className="form-select download-limit-unit"
          value={unit}
          onChange={(event) => setUnit(event.target.value as LimitUnit)}
        >
          <option value="KB">{t('downloads.settings.units.KB')}</option>
          <option value="MB">{t('downloads.settings.units.MB')}</option>
        </select>
      </div>
      <div
        id={hintId}
        className={problem ? 'invalid-feedback d-block' : 'form-text'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? t('downloads.settings.limitHint')}
      </div>
      <SwitchField
        className="mt-3"
        label={t('downloads.settings.pauseAtStartup')}
        checked={paused}
        onChange={setPaused}
      />
      <button type="submit" className="btn btn-primary btn-sm mt-3" disabled={save.isPending}>
        {t('downloads.settings.save')}
      </button>
    </form>
  );
}

/** The browser's own switch: kept in this browser, since notifications are the browser's. */
function NotificationSwitch() {
  const { t } = useTranslation();
  const on = useDownloadNotificationsOn();
  const [permission, setPermission] = useState(notificationPermission);
  const turn = async (next: boolean) => {
    setDownloadNotificationsOn(next);
    if (next) await askForDownloadNotifications();
    setPermission(notificationPermission());
  };
  return (
    <div className="border-top pt-3">
      <SwitchField
        label={t('downloads.settings.notify')}
        checked={on}
        disabled={permission === 'unsupported'}
        onChange={(next) => void turn(next)}
      />
      {permission === 'denied' && on ? (
        <div className="form-text text-warning-emphasis">{t('downloads.settings.notifyDenied')}</div>
      ) : permission === 'unsupported' ? (
        <div className="form-text">{t('downloads.settings.notifyUnsupported')}</div>
      ) : null}
    </div>
  );
}

function SwitchField({
  label,
  checked,
  onChange,
  disabled = false,
  className = '',
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`form-check form-switch ${className}`}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}
