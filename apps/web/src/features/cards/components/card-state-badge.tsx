import type { CardState } from '@benchside/contracts/cards';
import { useTranslation } from 'react-i18next';

export function CardStateBadge({ state }: { state: CardState }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${state === 'active' ? 'text-bg-success' : 'text-bg-danger'}`}>
      {state === 'active' ? t('cards.state.active') : t('cards.state.suspended')}
    </span>
  );
}
