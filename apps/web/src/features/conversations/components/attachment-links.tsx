import type { Attachment } from '@benchside/contracts/conversations';
import { useTranslation } from 'react-i18next';
import { IconDownload } from '../../../components/ui/icons.tsx';
import { formatBytes } from '../../../lib/format.ts';
import { attachmentDownloadUrl } from '../api/attachments.ts';

/** A message's files as download links (the server always answers them as downloads). */
export function AttachmentLinks({ attachments }: { attachments: Attachment[] }) {
  const { t, i18n } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul
      className="list-unstyled conversation-attachments mb-0 mt-3"
      aria-label={t('conversations.attachments')}
    >
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <a
            href={attachmentDownloadUrl(attachment.id)}
            download={attachment.name}
            className="conversation-attachment"
          >
            <IconDownload size={16} />
            <span className="text-truncate">{attachment.name}</span>
            <span className="text-body-secondary small">{formatBytes(attachment.size, i18n.language)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
