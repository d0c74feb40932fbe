import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { IconCheck } from '../../../components/ui/icons.tsx';
import { TicketForm } from '../components/ticket-form.tsx';

/** `/support/ticket`: the ticket form, then its confirmation with the conversation it opened. */
export function TicketPage() {
  const { t } = useTranslation();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const crumbs = [
    { title: t('menu.home'), path: '/' },
    { title: t('menu.support'), path: '/support' },
  ];

  return (
    <>
      <PageTitle breadcrumbs={crumbs}>{t('support.ticket.title')}</PageTitle>
      <section className="card" aria-labelledby="ticket-title">
        <div className="card-body">
          {conversationId ? (
            <div role="status" className="text-center py-4">
              <div className="mb-3 text-success">
                <IconCheck size={40} aria-hidden="true" />
              </div>
              <h2 id="ticket-title" className="h4">
                {t('support.ticket.sentTitle')}
              </h2>
              <p className="text-body-secondary">{t('support.ticket.sentText')}</p>
              <div className="d-flex gap-3 justify-content-center flex-wrap">
                <Link to={`/conversations/${encodeURIComponent(conversationId)}`} className="btn btn-primary">
                  {t('support.ticket.openConversation')}
                </Link>
                <Link to="/support" className="btn btn-light">
                  {t('support.article.back')}
                </Link>
              </div>
            </div>
          ) : (
            <>
              <h2 id="ticket-title" className="h5 mb-1">
                {t('support.ticket.formTitle')}
              </h2>
              <p className="text-body-secondary mb-4">{t('support.ticket.intro')}</p>
              <TicketForm onSubmitted={setConversationId} />
            </>
          )}
        </div>
      </section>
    </>
  );
}
