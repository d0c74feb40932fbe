import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { CONVERSATIONS_PAGE_SIZE, useConversations } from '../api/conversations.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import '../conversations.scss';

/** `/conversations`: the user's conversations with support, newest activity first. */
export function ConversationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const conversations = useConversations(page);

  return (
    <>
      <PageTitle breadcrumbs={[{ title: t('menu.home'), path: '/' }]}>{t('conversations.title')}</PageTitle>
      <div className="d-flex justify-content-end mb-3">
        <Link to="/conversations/new" className="btn btn-primary">
          {t('conversations.newConversation')}
        </Link>
      </div>
      <QueryState
        query={conversations}
        loadingLabel={t('conversations.loading')}
        errorFallback={t('conversations.loadFailed')}
        isEmpty={(data) => data.totalItems === 0}
        empty={<EmptyState title={t('conversations.emptyTitle')} text={t('conversations.emptyText')} />}
        pager={{
          page,
          pageSize: CONVERSATIONS_PAGE_SIZE,
          label: t('conversations.pages'),
          summaryKey: 'conversations.pageOf',
          onPage: setPage,
        }}
      >
        {(data) => (
          <div aria-busy={conversations.isFetching || undefined}>
            <ConversationList conversations={data.member} />
          </div>
        )}
      </QueryState>
    </>
  );
}
