import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { useConversation } from '../api/conversations.ts';
import { AttachmentLinks } from '../components/attachment-links.tsx';
import { Composer } from '../components/composer.tsx';
import '../conversations.scss';

/** `/conversations/:id`: every message with its files, oldest first, and the reply box. */
export function ConversationPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const conversation = useConversation(id);
  const breadcrumbs = [
    { title: t('menu.home'), path: '/' },
    { title: t('conversations.title'), path: '/conversations' },
  ];

  if (conversation.isPending) {
    return (
      <>
        <PageTitle breadcrumbs={breadcrumbs}>{t('conversations.title')}</PageTitle>
        <Spinner label={t('conversations.loading')} className="text-primary" />
      </>
    );
  }
  if (conversation.isError) {
    const notFound = conversation.error instanceof ApiError && conversation.error.status === 404;
    return (
      <>
        <PageTitle breadcrumbs={breadcrumbs}>{t('conversations.title')}</PageTitle>
        <ErrorAlert
          message={
            notFound
              ? t('conversations.notFound')
              : apiErrorMessage(t, conversation.error, t('conversations.loadFailed'))
          }
        />
        <Link to="/conversations">{t('conversations.backToList')}</Link>
      </>
    );
  }

  const { data } = conversation;
  return (
    <>
      <PageTitle breadcrumbs={breadcrumbs}>{data.subject}</PageTitle>
      {data.source === 'ticket' ? (
        <p className="text-body-secondary">
          <span className="badge text-bg-light me-2">{t('conversations.ticket')}</span>
          {data.category ? `${t('conversations.category')}: ${data.category}` : null}
          {data.deviceModel ? ` · ${t('conversations.deviceModel')}: ${data.deviceModel}` : null}
        </p>
      ) : null}
      <ol className="list-unstyled conversation-thread" aria-label={t('conversations.messages')}>
        {data.threads.map((thread) => (
          <li key={thread.id} className={`card mb-3 conversation-message ${thread.author}`}>
            <div className="card-body">
              <div className="d-flex justify-content-between gap-2 mb-2">
                <span className="fw-semibold">
                  {thread.author === 'support' ? t('conversations.support') : t('conversations.you')}
                </span>
                <time className="text-body-secondary small" dateTime={thread.createdAt}>
                  {formatDateTime(thread.createdAt, i18n.language)}
                </time>
              </div>
              <p className="conversation-body mb-0">{thread.body}</p>
              <AttachmentLinks attachments={thread.attachments} />
            </div>
          </li>
        ))}
      </ol>
      <Composer conversationId={data.id} />
    </>
  );
}
