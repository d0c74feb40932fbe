import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/layout/page-data.tsx';
import { Composer } from '../components/composer.tsx';
import '../conversations.scss';

/** `/conversations/new`: the first message starts the conversation and names it. */
export function NewConversationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageTitle
        breadcrumbs={[
          { title: t('menu.home'), path: '/' },
          { title: t('conversations.title'), path: '/conversations' },
        ]}
      >
        {t('conversations.newConversation')}
      </PageTitle>
      <Composer
        conversationId={null}
        onSent={(thread) => navigate(`/conversations/${thread.conversationId}`, { replace: true })}
      />
    </>
  );
}
