import type { CustomerStatus } from '@benchside/contracts/customers';
import { useTranslation } from 'react-i18next';

/** Active in green, Suspended in grey: a suspended customer is on hold, not in error. */
export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}>
      {t(`customers.status.${status}`)}
    </span>
  );
}
