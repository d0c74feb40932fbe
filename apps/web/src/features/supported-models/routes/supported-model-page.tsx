import type { SupportedModel } from '@benchside/contracts/supported-models';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { WatchButton } from '../../../components/watch/watch-button.tsx';
import { useSupportedModel } from '../api/supported-models.ts';

/** `/supported-models/:id`: what the technician can do with this phone, with which product, for how much. */
export function SupportedModelPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const model = useSupportedModel(id);
  return (
    <>
      <PageTitle
        breadcrumbs={[
          { title: t('menu.home'), path: '/' },
          { title: t('menu.supportedModels'), path: '/supported-models' },
        ]}
      >
        {model.data ? `${model.data.brand} ${model.data.name}` : t('menu.supportedModels')}
      </PageTitle>
      <QueryState
        query={model}
        loadingLabel={t('catalogue.loading')}
        errorFallback={t('catalogue.loadError')}
      >
        {(data) => <SupportedModelDetail model={data} />}
      </QueryState>
    </>
  );
}

function SupportedModelDetail({ model }: { model: SupportedModel }) {
  const { t } = useTranslation();
  // The firmware catalogue names a model by its code or by its name; the files search finds either.
  const filesQuery = model.catalogueModels[0]?.model ?? model.codes[0] ?? model.name;
  // Watched as the catalogue names it, which is what `publish` will name its next firmware.
  const watchBrand = model.catalogueModels[0]?.brand ?? model.brand;
  return (
    <div className="row g-4">
      <section className="col-lg-8" aria-labelledby="supported-functions">
        <div className="card">
          <div className="card-body">
            <h2 id="supported-functions" className="h5 mb-3">
              {t('supportedModels.functionsTitle')}
            </h2>
            {model.functions.length === 0 ? (
              <p className="text-body-secondary mb-0">{t('supportedModels.noFunctions')}</p>
            ) : (
              <div className="table-responsive">
                <table className="table align-middle mb-0">
                  <thead>
                    <tr>
                      <th scope="col">{t('supportedModels.function')}</th>
                      <th scope="col">{t('supportedModels.product')}</th>
                      <th scope="col" className="text-end">
                        {t('supportedModels.cost')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {model.functions.map((fn) => (
                      <tr key={`${fn.function}/${fn.product.id}`}>
                        <th scope="row" className="fw-semibold">
                          {t(`supportedModels.functions.${fn.function}`)}
                          {fn.note ? (
                            <span className="d-block small fw-normal text-body-secondary">{fn.note}</span>
                          ) : null}
                        </th>
                        <td>{fn.product.name}</td>
                        <td className="text-end text-nowrap">
                          {fn.credits === 0
                            ? t('supportedModels.free')
                            : t('supportedModels.credits', { count: fn.credits })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </div>
      </section>
      <aside className="col-lg-4">
        <div className="card">
          <div className="card-body">
            <WatchButton className="mb-3" target={{ kind: 'model', brand: watchBrand, name: filesQuery }} />
            <h2 className="h6 text-uppercase text-body-secondary">{t('supportedModels.codes')}</h2>
            <p className="font-monospace text-break">{model.codes.join(', ')}</p>
            <h2 className="h6 text-uppercase text-body-secondary">{t('supportedModels.downloads')}</h2>
            <ul className="list-unstyled mb-0">
              {model.catalogueModels.map((entry) => (
                <li key={`${entry.brand}/${entry.model}`} className="mb-1">
                  <Link to={`/firmwares?${new URLSearchParams({ brand: entry.brand, model: entry.model })}`}>
                    {t('catalogue.firmwares.firmwaresOf', { brand: entry.brand, model: entry.model })}
                  </Link>
                </li>
              ))}
              {model.catalogueModels.length === 0 ? (
                <li className="mb-1 text-body-secondary">{t('catalogue.firmwares.noFirmwares')}</li>
              ) : null}
              <li>
                <Link to={`/files?${new URLSearchParams({ q: filesQuery })}`}>
                  {t('supportedModels.filesFor', { text: filesQuery })}
                </Link>
              </li>
            </ul>
          </div>
        </div>
      </aside>
    </div>
  );
}
