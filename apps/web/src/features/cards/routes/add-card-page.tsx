import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { FailureDetails } from '../../../components/ui/failure-details.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { listReaders } from '../../../lib/card-readers.ts';
import type { FailureText } from '../../../lib/helper-failure.ts';
import { helperFailureDetails } from '../../../lib/helper-failure.ts';
import { notify } from '../../../lib/notify.ts';
import { getValidation } from '../api/card-helper.ts';
import { useValidateCard } from '../api/cards.ts';
import { cardFailure } from '../card-failure.ts';

// The reader is the button's description, not its name: the name stays the visible "Validate card".
const readerId = (index: number) => `card-reader-${index}`;
const readerStateId = (index: number) => `card-reader-${index}-state`;

/** `/cards/add`: pick a reader, the card proves itself through the helper, the portal assigns it. */
export function AddCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const readers = useQuery({ queryKey: ['helper', 'readers'], queryFn: listReaders, retry: false });
  const validate = useValidateCard();
  const [busyReader, setBusyReader] = useState<string | null>(null);
  const [error, setError] = useState<FailureText | null>(null);

  const addFrom = async (readerName: string) => {
    setBusyReader(readerName);
    setError(null);
    try {
      const { serial, validationId } = await getValidation(readerName);
      const card = await validate.mutateAsync({ card: serial, validationId });
      notify(t('cards.add.added', { serial: card.serial }), 'success');
      navigate(`/cards/${card.id}`);
    } catch (failure) {
      // Shown once, beside the reader it concerns: a toast as well would say it twice.
      setError(cardFailure(t, failure));
    } finally {
      setBusyReader(null);
    }
  };

  return (
    <>
      <PageTitle
        breadcrumbs={[
          { title: t('menu.home'), path: '/' },
          { title: t('menu.cards'), path: '/cards' },
        ]}
      >
        {t('cards.add.title')}
      </PageTitle>
      <section className="card" aria-labelledby="readers-title">
        <div className="card-header d-flex justify-content-between align-items-center flex-wrap gap-2">
          <h2 id="readers-title" className="card-title h5 mb-0">
            {t('cards.add.readers')}
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => readers.refetch()}
            disabled={readers.isFetching}
          >
            {t('cards.add.refresh')}
          </button>
        </div>
        <div className="card-body">
          <p className="text-body-secondary">{t('cards.add.intro')}</p>
          <ErrorAlert message={error?.message} details={error?.details} />
          {readers.isPending ? <Spinner label={t('cards.loading')} className="text-primary" /> : null}
          {readers.isError ? (
            <div className="alert alert-warning mb-0" role="alert">
              {t('cards.helperFailed')}
              <FailureDetails details={helperFailureDetails(readers.error)} />
            </div>
          ) : null}
          {readers.data?.length === 0 ? <p className="mb-0">{t('cards.add.noReaders')}</p> : null}
          {readers.data && readers.data.length > 0 ? (
            <ul className="list-group">
              {readers.data.map((reader, index) => (
                <li
                  key={reader.name}
                  className="list-group-item d-flex justify-content-between align-items-center gap-2 flex-wrap"
                >
                  <span>
                    <span id={readerId(index)} className="fw-semibold">
                      {reader.name}
                    </span>
                    <span id={readerStateId(index)} className="text-body-secondary small ms-2">
                      {reader.cardPresent ? t('cards.add.cardPresent') : t('cards.add.noCard')}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={!reader.cardPresent || busyReader !== null}
                    aria-describedby={`${readerId(index)} ${readerStateId(index)}`}
                    onClick={() => addFrom(reader.name)}
                  >
                    {busyReader === reader.name ? <Spinner small className="me-2" /> : null}
                    {t('cards.add.validate')}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
    </>
  );
}
