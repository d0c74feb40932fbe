import './password-strength-meter.scss';
import { useTranslation } from 'react-i18next';
import { measurePasswordStrength, PASSWORD_CHECKS } from './password-strength.ts';

/** Shows how many of the spec's five strength checks a new password passes, as a bar and a label. */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const { score, passed, level } = measurePasswordStrength(password);
  const label = t(`passwordStrength.levels.${level}`);
  return (
    <div className="password-strength mt-2" id={id}>
      <meter
        className="password-strength-meter"
        aria-label={t('passwordStrength.label')}
        aria-valuetext={label}
        min={0}
        max={100}
        low={41}
        high={79}
        optimum={100}
        value={score}
      />
      <div className="d-flex justify-content-end small mt-1">
        <span className="fw-semibold" data-testid="password-strength-label">
          {label}
        </span>
      </div>
      <ul className="password-strength-checks list-unstyled small mb-0 mt-1">
        {PASSWORD_CHECKS.map((check) => (
          <li key={check} className={passed[check] ? 'text-success-emphasis' : 'text-body-secondary'}>
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
