import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CatalogueSearchForm } from '../../../components/catalogue/catalogue-search-form.tsx';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { IconPhone } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import {
  SUPPORTED_MODELS_PAGE_SIZE,
  useSupportedBrands,
  useSupportedModels,
} from '../api/supported-models.ts';

function pageOf(value: string | null): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : 1;
}

/**
 * `/supported-models?q=&brand=&page=`: "will it work on this phone?" A model is found by its name or
 * by any part of its model code, within one brand or all; each result opens its functions and costs.
 */
export function SupportedModelsPage() {
  const { t } = useTranslation();
  const brandSelectId = useId();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const brand = params.get('brand') ?? '';
  const page = pageOf(params.get('page'));
  const [draft, setDraft] = useState(search);
  const brands = useSupportedBrands();
  const models = useSupportedModels({ q: search, brand }, page);

  const go = (next: { q: string; brand: string; page?: number }) => {
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.brand) query.set('brand', next.brand);
    if (next.page && next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('menu.supportedModels')}</PageTitle>
      <section className="card">
        <div className="card-body">
          <p className="text-body-secondary">{t('supportedModels.intro')}</p>
          <div className="row g-2 mb-3">
            <div className="col-md-8">
              <CatalogueSearchForm
                label={t('supportedModels.search')}
                draft={draft}
                onDraftChange={setDraft}
                onSearch={() => go({ q: draft.trim(), brand })}
                className=""
              />
            </div>
            <div className="col-md-4">
              <label htmlFor={brandSelectId} className="visually-hidden">
                {t('supportedModels.brand')}
              </label>
              <select
                id={brandSelectId}
                className="form-select"
                value={brand}
                onChange={(event) => go({ q: search, brand: event.target.value })}
              >
                <option value="">{t('supportedModels.allBrands')}</option>
                {(brands.data?.brands ?? []).map((choice) => (
                  <option key={choice.brand} value={choice.brand}>
                    {`${choice.brand} (${choice.models})`}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <QueryState
            query={models}
            loadingLabel={t('catalogue.loading')}
            errorFallback={t('catalogue.loadError')}
            isEmpty={(data) => data.totalItems === 0}
            empty={
              <EmptyState
                icon={<IconPhone size={32} />}
                title={t('supportedModels.noResults')}
                text={t('supportedModels.noResultsText')}
              />
            }
            pager={{
              page,
              pageSize: SUPPORTED_MODELS_PAGE_SIZE,
              label: t('supportedModels.pages'),
              summaryKey: 'catalogue.pageOf',
              showOnSinglePage: true,
              className: 'mt-3',
              onPage: (next) => go({ q: search, brand, page: next }),
            }}
          >
            {(data) => (
              <ul className="list-group supported-models-results" aria-busy={models.isFetching || undefined}>
                {data.member.map((model) => (
                  <li key={model.id} className="list-group-item">
                    <Link to={`/supported-models/${model.id}`} className="fw-semibold">
                      {`${model.brand} ${model.name}`}
                    </Link>
                    <span className="d-block small font-monospace text-body-secondary text-break">
                      {model.codes.join(', ')}
                    </span>
                    <span className="d-block mt-1">
                      {model.functions.map((fn) => (
                        <span key={fn} className="badge text-bg-light border me-1 mb-1">
                          {t(`supportedModels.functions.${fn}`)}
                        </span>
                      ))}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </div>
      </section>
    </>
  );
}
