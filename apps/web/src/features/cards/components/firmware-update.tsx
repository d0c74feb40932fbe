import type { Card } from '@benchside/contracts/cards';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { listCards } from '../../../lib/card-readers.ts';
import { HelperError } from '../../../lib/helper-client.ts';
import { notify } from '../../../lib/notify.ts';
import { getStatus, updateCardFirmware } from '../api/card-helper.ts';
import { reportCard } from '../api/cards.ts';
import { cardFailure } from '../card-failure.ts';

const POLL_MS = 500;

/** The firmware update through the helper, its progress read from `/status/get`. */
export function FirmwareUpdate({ card, readerName }: { card: Card; readerName: string | null }) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<{ id: number; text: string }[]>([]);
  const [running, setRunning] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const start = async () => {
    if (!readerName) return;
    setRunning(true);
    setMessages([]);
    setPercent(0);
    try {
      const { id } = await updateCardFirmware(readerName);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (!mounted.current) return;
        const status = await getStatus(id);
        setMessages((earlier) => [
          ...earlier,
          ...status.messages.map((text, offset) => ({ id: earlier.length + offset, text })),
        ]);
        for (const message of status.messages) {
          const match = /(\d{1,3})%/.exec(message);
          if (match) setPercent(Number(match[1]));
        }
        if (status.error) throw new HelperError('rejected', status.error);
        if (status.done) break;
      }
      setPercent(100);
      const inReader = (await listCards()).find((entry) => entry.serial === card.serial);
      if (inReader?.firmwareVersion) {
        await reportCard(card.id, {
          firmwareVersion: inReader.firmwareVersion,
          products: inReader.products.map((product) => product.id),
        });
      }
      notify(t('cards.firmwareUpdate.done', { version: inReader?.firmwareVersion ?? '' }), 'success');
    } catch (failure) {
      const { message, details } = cardFailure(t, failure);
      notify(message, 'error', details);
    } finally {
      if (mounted.current) setRunning(false);
    }
  };

  return (
    <div>
      <button type="button" className="btn btn-primary" disabled={!readerName || running} onClick={start}>
        {running ? <Spinner small className="me-2" /> : null}
        {t('cards.firmwareUpdate.start')}
      </button>
      {percent !== null ? (
        <div
          className="progress my-3"
          role="progressbar"
          aria-label={t('cards.firmwareUpdate.progress')}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="progress-bar" style={{ width: `${percent}%` }}>
            {percent}%
          </div>
        </div>
      ) : null}
      {messages.length > 0 ? (
        <ol
          className="small text-body-secondary mb-0"
          aria-live="polite"
          aria-label={t('cards.firmwareUpdate.messages')}
        >
          {messages.map((message) => (
            <li key={message.id}>{message.text}</li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
