import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CatalogueSearchForm } from '../../../components/catalogue/catalogue-search-form.tsx';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconChip } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { WatchButton } from '../../../components/watch/watch-button.tsx';
import { CATALOGUE_PAGE_SIZE, useBrands, useModels } from '../../../lib/catalogue-api.ts';
import { BuildHistory } from '../components/build-history.tsx';
import { FirmwareBuilds } from '../components/firmware-builds.tsx';
import '../firmwares.scss';

/**
 * Brand → model → the model's builds (filtered by region and Android version) and its build
 * history; the model search looks across every brand.
 */
export function FirmwaresPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const brand = params.get('brand') ?? '';
  const model = params.get('model') ?? '';
  const search = params.get('q') ?? '';
  const region = params.get('region') ?? '';
  const android = params.get('android') ?? '';
  const [draft, setDraft] = useState(search);
  const [modelPage, setModelPage] = useState(1);
  const brands = useBrands();
  const models = useModels(search !== '' ? { model: search } : { brand }, modelPage);

  const choose = (next: {
    brand?: string;
    model?: string;
    q?: string;
    region?: string;
    android?: string;
  }) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) query.set(key, value);
    setParams(query);
  };
  const searchModels = () => {
    setModelPage(1);
    choose({ q: draft.trim() });
  };

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.firmwares')}</PageTitle>
      <CatalogueSearchForm
        label={t('catalogue.firmwares.search')}
        draft={draft}
        onDraftChange={setDraft}
        onSearch={searchModels}
        className="mb-4"
      />
      <div className="row g-4">
        <section className="col-md-6" aria-labelledby="firmware-brands">
          <h2 id="firmware-brands" className="h6 text-uppercase text-body-secondary">
            {t('catalogue.firmwares.brands')}
          </h2>
          <QueryState
            query={brands}
            loadingLabel={t('catalogue.loading')}
            errorFallback={t('catalogue.loadError')}
            isEmpty={(data) => data.brands.length === 0}
            empty={
              <EmptyState
                icon={<IconChip size={32} />}
                title={t('pages.firmwares.emptyTitle')}
                text={t('pages.firmwares.emptyText')}
              />
            }
          >
            {(data) => (
              <div className="list-group">
                {data.brands.map(({ brand: name }) => (
                  <button
                    key={name}
                    type="button"
                    className={`list-group-item list-group-item-action${name === brand && search === '' ? ' active' : ''}`}
                    aria-pressed={name === brand && search === ''}
                    onClick={() => {
                      setModelPage(1);
                      setDraft('');
                      choose({ brand: name });
                    }}
                  >
                    {name}
                  </button>
                ))}
              </div>
            )}
          </QueryState>
        </section>
        <section className="col-md-6" aria-labelledby="firmware-models">
          <h2 id="firmware-models" className="h6 text-uppercase text-body-secondary">
            {search === '' ? t('catalogue.firmwares.models') : t('catalogue.files.results', { text: search })}
          </h2>
          {brand === '' && search === '' ? (
            <p className="text-body-secondary">{t('catalogue.firmwares.chooseBrand')}</p>
          ) : null}
          <QueryState
            query={models}
            loadingLabel={t('catalogue.loading')}
            errorFallback={t('catalogue.loadError')}
            isEmpty={(data) => data.totalItems === 0}
            empty={<p className="text-body-secondary">{t('catalogue.firmwares.noModels')}</p>}
            pager={{
              page: modelPage,
              pageSize: CATALOGUE_PAGE_SIZE,
              label: t('catalogue.firmwares.modelPages'),
              summaryKey: 'catalogue.pageOf',
              className: 'mt-3',
              onPage: setModelPage,
            }}
          >
            {(data) => (
              <div className="list-group">
                {data.member.map((item) => (
                  <button
                    key={`${item.brand}/${item.model}`}
                    type="button"
                    className={`list-group-item list-group-item-action${item.brand === brand && item.model === model ? ' active' : ''}`}
                    aria-pressed={item.brand === brand && item.model === model}
                    onClick={() => choose({ brand: item.brand, model: item.model, q: search })}
                  >
                    <span className="fw-semibold">{item.model}</span>
                    {search !== '' ? <span className="text-body-secondary"> · {item.brand}</span> : null}
                    <span className="d-block small">
                      {item.soft.map((soft) => (
                        <span key={soft.name} className="badge text-bg-light border me-1">
                          {soft.name}
                        </span>
                      ))}
                    </span>
                  </button>
                ))}
              </div>
            )}
          </QueryState>
        </section>
        <section className="col-12" aria-labelledby="firmware-list">
          <h2 id="firmware-list" className="h6 text-uppercase text-body-secondary">
            {model === ''
              ? t('catalogue.firmwares.firmwares')
              : t('catalogue.firmwares.firmwaresOf', { brand, model })}
          </h2>
          {model === '' ? (
            <p className="text-body-secondary">{t('catalogue.firmwares.chooseModel')}</p>
          ) : (
            <>
              <p className="d-flex flex-wrap align-items-center gap-3">
                <Link to={`/supported-models?${new URLSearchParams({ brand, q: model })}`}>
                  {t('catalogue.supportedFunctionsFor', { text: model })}
                </Link>
                <WatchButton key={`${brand}/${model}`} target={{ kind: 'model', brand, name: model }} />
              </p>
              <FirmwareBuilds
                key={`${brand}/${model}`}
                filter={{ brand, model, region, android }}
                onFilterChange={(next) => choose({ brand, model, q: search, ...next })}
              />
            </>
          )}
        </section>
        {model === '' ? null : (
          <section className="col-12" aria-labelledby="firmware-history">
            <h2 id="firmware-history" className="h6 text-uppercase text-body-secondary">
              {t('catalogue.firmwares.historyOf', { brand, model })}
            </h2>
            <BuildHistory key={`${brand}/${model}`} brand={brand} model={model} />
          </section>
        )}
      </div>
    </>
  );
}
