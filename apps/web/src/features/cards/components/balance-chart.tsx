import type { BalanceHistory } from '@benchside/contracts/credits';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dateTimeFormat, numberFormat } from '../../../lib/format.ts';

const HEIGHT = 220;

/** A colour of the current theme, read from Bootstrap's custom properties. */
function themeColour(element: Element, name: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim();
}

/**
 * The balance over time as a stepped line (uPlot, in this chunk only: the Credits page is the one
 * page that loads it). Drawn anew when the points, the language or the theme change; the canvas
 * follows the width of its box, so a phone gets a chart as wide as the screen.
 */
export function BalanceChart({
  history,
  language,
  theme,
}: {
  history: BalanceHistory;
  language: string;
  /** Only to redraw in the new theme's colours. */
  theme: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || theme === '') return;
    const dayFormat = dateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const countFormat = numberFormat(language);
    const axisColour = themeColour(element, '--bs-secondary-color');
    const gridColour = themeColour(element, '--bs-border-color');
    const axis = {
      stroke: axisColour,
      grid: { stroke: gridColour, width: 1 },
      ticks: { stroke: gridColour, width: 1 },
    };
    // Each point is the balance at the end of its day, drawn at the day's noon (UTC, as the days are).
    const days = history.points.map((point) => Date.parse(`${point.day}T12:00:00Z`) / 1000);
    const balances = history.points.map((point) => point.balance);
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: {
          x: { time: true },
          y: { range: (_plot, min, max) => [Math.min(0, min), Math.max(max, 1)] },
        },
        axes: [
          { ...axis, values: (_plot, splits) => splits.map((split) => dayFormat.format(split * 1000)) },
          { ...axis, size: 60, values: (_plot, splits) => splits.map((split) => countFormat.format(split)) },
        ],
        series: [
          {},
          {
            stroke: themeColour(element, '--bs-primary'),
            fill: themeColour(element, '--bs-primary-bg-subtle'),
            width: 2,
            points: { show: false },
            paths: uPlot.paths.stepped?.({ align: -1 }),
          },
        ],
      },
      [days, balances],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [history, language, theme]);
  return <div ref={box} className="balance-chart" />;
}
