import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { CATALOGUE_PAGE_SIZE } from '../../../lib/catalogue-api.ts';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { useFirmwareBuilds } from '../api/get-firmware-builds.ts';
import { LatestBadge } from './firmware-builds.tsx';

/** Every build of a model by release date, newest first, across regions: how the model was updated. */
export function BuildHistory({ brand, model }: { brand: string; model: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const builds = useFirmwareBuilds({ brand, model, region: '', android: '' }, page);
  return (
    <QueryState
      query={builds}
      loadingLabel={t('catalogue.loading')}
      errorFallback={t('catalogue.loadError')}
      isEmpty={(data) => data.totalItems === 0}
      empty={<p className="text-body-secondary">{t('catalogue.firmwares.noFirmwares')}</p>}
      pager={{
        page,
        pageSize: CATALOGUE_PAGE_SIZE,
        label: t('catalogue.firmwares.historyPages'),
        summaryKey: 'catalogue.pageOf',
        className: 'mt-3',
        onPage: setPage,
      }}
    >
      {(data) => (
        <ol className="build-history">
          {data.member.map((build) => (
            <li key={build.id}>
              <time dateTime={build.releaseDate ?? build.date}>
                {build.releaseDate === null
                  ? formatDate(build.date, i18n.language)
                  : formatDay(build.releaseDate, i18n.language)}
              </time>
              <span className="build-history-build">
                <span className="fw-semibold">{build.version ?? build.file}</span>
                <LatestBadge build={build} />
              </span>
              <span className="build-history-facts text-body-secondary">
                {[
                  build.region,
                  build.android === null
                    ? null
                    : t('catalogue.firmwares.androidVersion', { version: build.android }),
                  build.securityPatch === null
                    ? null
                    : t('catalogue.firmwares.patchOf', {
                        date: formatDay(build.securityPatch, i18n.language),
                      }),
                  build.bootloader === null
                    ? null
                    : t('catalogue.firmwares.bootloaderShort', { revision: build.bootloader }),
                ]
                  .filter((fact) => fact !== null)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
