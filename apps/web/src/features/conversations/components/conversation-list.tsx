import type { ConversationSummary } from '@benchside/contracts/conversations';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';

/** The user's conversations; an unread one (support answered) is bold with a "New reply" badge. */
export function ConversationList({ conversations }: { conversations: ConversationSummary[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="list-unstyled conversation-list card mb-3">
      {conversations.map((conversation) => (
        <li
          key={conversation.id}
          className={conversation.unread ? 'conversation-item unread' : 'conversation-item'}
        >
          <Link to={`/conversations/${conversation.id}`} className="conversation-link">
            <span className="conversation-dot" aria-hidden="true" />
            <span className="flex-grow-1 min-w-0">
              <span className="d-flex align-items-center gap-2">
                <span className="conversation-subject text-truncate">{conversation.subject}</span>
                {conversation.unread ? (
                  <span className="badge text-bg-primary">{t('conversations.unread')}</span>
                ) : null}
                {conversation.source === 'ticket' ? (
                  <span className="badge text-bg-light">{t('conversations.ticket')}</span>
                ) : null}
              </span>
              {conversation.lastMessage ? (
                <span className="d-block text-body-secondary small text-truncate">
                  {conversation.lastMessage.author === 'support'
                    ? t('conversations.support')
                    : t('conversations.you')}
                  {': '}
                  {conversation.lastMessage.excerpt}
                </span>
              ) : null}
            </span>
            <time className="text-body-secondary small text-nowrap" dateTime={conversation.lastMessageAt}>
              {formatDateTime(conversation.lastMessageAt, i18n.language)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}
