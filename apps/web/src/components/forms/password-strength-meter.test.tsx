import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

describe('PasswordStrengthMeter', () => {
  it('shows the score as a meter with a label', () => {
    render(<PasswordStrengthMeter id="strength" password="aB3#" />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter.getAttribute('value')).toBe('80');
    expect(meter.getAttribute('aria-valuetext')).toBe('Strong');
    expect(screen.getByTestId('password-strength-label').textContent).toBe('Strong');
    expect(screen.getByText('At least 8 characters').textContent).toContain('(missing)');
  });
});
