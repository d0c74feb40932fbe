import './password-strength-meter.scss';
import { useTranslation } from 'react-i18next';
import { measurePasswordStrength, PASSWORD_CHECKS, type StrengthLevel } from './password-strength.ts';

const LEVEL_CLASSES: Record<StrengthLevel, string> = {
  none: 'bg-secondary',
  veryWeak: 'bg-danger',
  weak: 'bg-danger',
  medium: 'bg-warning',
  strong: 'bg-success',
  veryStrong: 'bg-success',
};

/** Shows how many of the spec's five strength checks a new password passes, as a bar and a label. */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const { score, passed, level } = measurePasswordStrength(password);
  const label = t(`passwordStrength.levels.${level}`);
  return (
    <div className="password-strength mt-2" id={id}>
      <div
        className="password-strength-track"
        role="meter"
        aria-label={t('passwordStrength.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        <div className={`password-strength-bar ${LEVEL_CLASSES[level]}`} style={{ width: `${score}%` }} />
      </div>
      <div className="d-flex justify-content-between small mt-1">
        <span className="text-body-secondary">{t('passwordStrength.hint')}</span>
        <span className="fw-semibold" data-testid="password-strength-label">
          {label}
        </span>
      </div>
      <ul className="password-strength-checks list-unstyled small mb-0 mt-1">
        {PASSWORD_CHECKS.map((check) => (
          <li key={check} className={passed[check] ? 'text-success' : 'text-body-secondary'}>
            <span aria-hidden="true">{passed[check] ? '✓ ' : '○ '}</span>
            {t(`passwordStrength.checks.${check}`)}
            <span className="visually-hidden">
              {' '}
              {passed[check] ? t('passwordStrength.met') : t('passwordStrength.notMet')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
