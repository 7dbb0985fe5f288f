import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DailyActivity } from '../../../../domain/contracts/metrics.ts';
import { EMPTY } from '../../lib/staff/format.ts';

const SERIES = [
  { key: 'applications', label: 'Applications', stroke: '#002d72' },
  { key: 'newUsers', label: 'New users', stroke: '#a84300' },
  { key: 'carViews', label: 'Car views', stroke: '#067647' },
] as const;

/** Noon UTC of a calendar date, in seconds: the same day label in every time zone west and east. */
const dayToSeconds = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;

/**
 * The last 30 days as lines (uPlot, loaded with the metrics page only). The chart is a picture for
 * sighted readers; the same numbers are in the table beside it, so it is hidden from screen readers.
 */
export default function DailyChart({ daily }: { daily: DailyActivity[] }) {
  const { i18n } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      daily.map((day) => dayToSeconds(day.date)),
      ...SERIES.map((series) => daily.map((day) => day[series.key])),
    ];
    // Away from the cursor the legend shows the latest day rather than uPlot's "--".
    const dayOf = (idx: number | null) => daily[idx ?? daily.length - 1];
    const number = new Intl.NumberFormat(i18n.locale);
    const dayLabel = new Intl.DateTimeFormat(i18n.locale, { timeZone: 'UTC', dateStyle: 'medium' });
    const chart = new uPlot(
      {
        width: element.clientWidth || 320,
        height: 260,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'UTC'),
        series: [
          {
            label: i18n._('Date'),
            value: (_chart, _value, _series, idx) => {
              const day = dayOf(idx);
              return day ? dayLabel.format(dayToSeconds(day.date) * 1000) : EMPTY;
            },
          },
          ...SERIES.map((series) => ({
            label: i18n._(series.label),
            stroke: series.stroke,
            width: 2,
            value: (_chart: uPlot, _value: number | null, _series: number, idx: number | null) => {
              const day = dayOf(idx);
              return day ? number.format(day[series.key]) : EMPTY;
            },
          })),
        ],
        axes: [{}, { size: 48 }],
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 260 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [daily, i18n]);
  return <div ref={host} className="daily-chart" aria-hidden="true" data-testid="daily-chart" />;
}
