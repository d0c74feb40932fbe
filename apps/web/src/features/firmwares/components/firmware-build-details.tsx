import type { FirmwareBuild } from '@benchside/contracts/firmwares';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { formatBytes, formatDate, formatDay } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useFirmwareBuild } from '../api/get-firmware-build.ts';

/** What a technician checks before flashing one build: its hash, bootloader, patch level and changelog. */
export function FirmwareBuildDetails({ build }: { build: FirmwareBuild }) {
  const { t, i18n } = useTranslation();
  const detail = useFirmwareBuild(build.id);
  const copyHash = () =>
    navigator.clipboard.writeText(build.sha256).then(
      () => notify(t('catalogue.firmwares.copied'), 'success'),
      () => notify(t('catalogue.firmwares.copyFailed'), 'error'),
    );
  const facts: [string, string | null][] = [
    [t('catalogue.firmwares.region'), build.region],
    [
      t('catalogue.firmwares.android'),
      build.android === null ? null : t('catalogue.firmwares.androidVersion', { version: build.android }),
    ],
    [
      t('catalogue.firmwares.securityPatch'),
      build.securityPatch === null ? null : formatDay(build.securityPatch, i18n.language),
    ],
    [
      t('catalogue.firmwares.released'),
      build.releaseDate === null ? null : formatDay(build.releaseDate, i18n.language),
    ],
    [t('catalogue.firmwares.published'), formatDate(build.date, i18n.language)],
    [t('catalogue.size'), formatBytes(build.size, i18n.language)],
    [t('catalogue.firmwares.soft'), build.soft],
  ];
  return (
    <div className="firmware-details">
      <dl className="firmware-facts">
        {facts.map(([label, value]) =>
          value === null ? null : (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
      <div className="firmware-hash">
        <span className="fw-semibold">{t('catalogue.firmwares.sha256')}</span>
        <code>{build.sha256}</code>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          aria-label={t('catalogue.firmwares.copySha', { file: build.file })}
          onClick={copyHash}
        >
          {t('catalogue.firmwares.copy')}
        </button>
      </div>
      {build.bootloader === null ? null : (
        <div className="alert alert-warning py-2 mb-3" role="note">
          {t('catalogue.firmwares.bootloaderWarning', { revision: build.bootloader })}
        </div>
      )}
      <h3 className="h6">{t('catalogue.firmwares.changelog')}</h3>
      <QueryState
        query={detail}
        loadingLabel={t('catalogue.loading')}
        errorFallback={t('catalogue.loadError')}
        spinnerClassName="text-primary spinner-border-sm"
      >
        {(data) =>
          data.changelog === null ? (
            <p className="text-body-secondary mb-0">{t('catalogue.firmwares.noChangelog')}</p>
          ) : (
            <p className="firmware-changelog mb-0">{data.changelog}</p>
          )
        }
      </QueryState>
    </div>
  );
}
