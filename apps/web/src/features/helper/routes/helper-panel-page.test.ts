import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { portsText } from './helper-panel-page.tsx';

/** What the panel says when no helper answered on the deployment's ports (decision 155). */
function notFound(ports: number[]): string {
  return i18next.t('helper.panel.helper.notFound', { ports: portsText(ports), count: ports.length });
}

describe('the helper panel’s not-found line', () => {
  it('names a run of ports as a range, the spec’s by default', () => {
    expect(notFound([20051, 20052, 20053, 20054])).toBe('Not found on ports 20051–20054');
  });

  it('names one port in the singular, and ports that are not a run one by one', () => {
    expect(notFound([19802])).toBe('Not found on port 19802');
    expect(notFound([30000, 30005, 30006])).toBe('Not found on ports 30000, 30005, 30006');
  });
});
