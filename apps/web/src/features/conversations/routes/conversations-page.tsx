import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { CONVERSATIONS_PAGE_SIZE, useConversations } from '../api/conversations.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import '../conversations.scss';

/** `/conversations`: the user's conversations with support, newest activity first. */
export function ConversationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const conversations = useConversations(page);
  const total = conversations.data?.totalItems ?? 0;

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('conversations.title')}</PageTitle>
      <div className="d-flex justify-content-end mb-3">
        <Link to="/conversations/new" className="btn btn-primary">
          {t('conversations.newConversation')}
        </Link>
      </div>
      {conversations.isPending ? (
        <Spinner label={t('conversations.loading')} className="text-primary" />
      ) : null}
      <ErrorAlert
        message={
          conversations.isError
            ? apiErrorMessage(t, conversations.error, t('conversations.loadFailed'))
            : null
        }
      />
      {conversations.data && total === 0 ? (
        <EmptyState title={t('conversations.emptyTitle')} text={t('conversations.emptyText')} />
      ) : null}
      {conversations.data && total > 0 ? (
        <>
          <div aria-busy={conversations.isFetching || undefined}>
            <ConversationList conversations={conversations.data.member} />
          </div>
          <Pager
            page={page}
            pageSize={CONVERSATIONS_PAGE_SIZE}
            totalItems={total}
            label={t('conversations.pages')}
            summaryKey="conversations.pageOf"
            onPage={setPage}
          />
        </>
      ) : null}
    </>
  );
}
