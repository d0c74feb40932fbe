import type { FirmwareBuild } from '@benchside/contracts/firmwares';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueTable, SizeAndDateCells } from '../../../components/catalogue/catalogue-table.tsx';
import { HelperDownloadButton } from '../../../components/ui/helper-download-button.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { CATALOGUE_PAGE_SIZE } from '../../../lib/catalogue-api.ts';
import { formatDay } from '../../../lib/format.ts';
import { type FirmwareBuildsFilter, useFirmwareBuilds } from '../api/get-firmware-builds.ts';
import { FirmwareBuildDetails } from './firmware-build-details.tsx';

/** Columns a phone leaves out: the details show them. */
const WIDE_ONLY = 'd-none d-md-table-cell';
/** The name, the four columns, size, date and actions. */
const COLUMN_COUNT = 8;

/** The "Latest" mark of a region's newest build. */
export function LatestBadge({ build }: { build: FirmwareBuild }) {
  const { t } = useTranslation();
  if (!build.latestForRegion) return null;
  return (
    <span
      className="badge text-bg-success ms-1"
      title={t('catalogue.firmwares.latestTitle', { region: build.region ?? '' })}
    >
      {t('catalogue.firmwares.latest')}
    </span>
  );
}

/** One filter: "all" (the empty value) or one of the model's values. */
function FilterSelect({
  label,
  allLabel,
  value,
  options,
  optionLabel = (option) => option,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: string[];
  optionLabel?: (option: string) => string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The region and Android filters, from the model's own values. */
function FirmwareFilters({
  filter,
  regions,
  androidVersions,
  onChange,
}: {
  filter: FirmwareBuildsFilter;
  regions: string[];
  androidVersions: string[];
  onChange: (next: { region: string; android: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="firmware-filters">
      <FilterSelect
        label={t('catalogue.firmwares.region')}
        allLabel={t('catalogue.firmwares.allRegions')}
        value={filter.region}
        options={regions}
        onChange={(region) => onChange({ region, android: filter.android })}
      />
      <FilterSelect
        label={t('catalogue.firmwares.androidFilter')}
        allLabel={t('catalogue.firmwares.allAndroid')}
        value={filter.android}
        options={androidVersions}
        optionLabel={(version) => t('catalogue.firmwares.androidVersion', { version })}
        onChange={(android) => onChange({ region: filter.region, android })}
      />
    </div>
  );
}

function FirmwareBuildRow({ build }: { build: FirmwareBuild }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <>
      <tr>
        <td className="text-break">{build.file}</td>
        <td className="text-nowrap">
          {build.version ?? ''}
          <LatestBadge build={build} />
        </td>
        <td>{build.region ?? ''}</td>
        <td className={WIDE_ONLY}>{build.android ?? ''}</td>
        <td className={`text-nowrap ${WIDE_ONLY}`}>
          {build.securityPatch === null ? '' : formatDay(build.securityPatch, i18n.language)}
        </td>
        <SizeAndDateCells size={build.size} date={build.date} day={build.releaseDate} />
        <td className="text-end">
          <div className="d-inline-flex gap-1">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={t('catalogue.firmwares.detailsOf', { file: build.file })}
              onClick={() => setOpen(!open)}
            >
              {t('catalogue.firmwares.details')}
            </button>
            <HelperDownloadButton fileId={build.id} file={build.file} entitled={build.entitled} />
          </div>
        </td>
      </tr>
      {open ? (
        <tr id={detailsId} className="firmware-details-row">
          <td colSpan={COLUMN_COUNT}>
            <FirmwareBuildDetails build={build} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** A model's builds, newest release first, filtered by region and Android version. */
export function FirmwareBuilds({
  filter,
  onFilterChange,
}: {
  filter: FirmwareBuildsFilter;
  onFilterChange: (next: { region: string; android: string }) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const builds = useFirmwareBuilds(filter, page);
  const filtered = filter.region !== '' || filter.android !== '';
  return (
    <QueryState
      query={builds}
      loadingLabel={t('catalogue.loading')}
      errorFallback={t('catalogue.loadError')}
      pager={{
        page,
        pageSize: CATALOGUE_PAGE_SIZE,
        label: t('catalogue.pages'),
        summaryKey: 'catalogue.pageOf',
        className: 'mt-3',
        onPage: setPage,
      }}
    >
      {(data) => (
        <>
          {data.regions.length + data.androidVersions.length === 0 ? null : (
            <FirmwareFilters
              filter={filter}
              regions={data.regions}
              androidVersions={data.androidVersions}
              onChange={(next) => {
                setPage(1);
                onFilterChange(next);
              }}
            />
          )}
          {data.totalItems === 0 ? (
            <p className="text-body-secondary">
              {filtered ? t('catalogue.firmwares.noMatch') : t('catalogue.firmwares.noFirmwares')}
            </p>
          ) : (
            <div className="table-responsive">
              <CatalogueTable
                columns={[
                  t('catalogue.firmwares.version'),
                  t('catalogue.firmwares.region'),
                  { label: t('catalogue.firmwares.android'), className: WIDE_ONLY },
                  { label: t('catalogue.firmwares.securityPatch'), className: WIDE_ONLY },
                ]}
                dateLabel={t('catalogue.firmwares.released')}
                busy={builds.isFetching}
              >
                {data.member.map((build) => (
                  <FirmwareBuildRow key={build.id} build={build} />
                ))}
              </CatalogueTable>
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}
