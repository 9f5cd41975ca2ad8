import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '@/lib/theme';
import type { HistoryWeek } from '../api/get-roster-history';

const HEIGHT = 240;

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/**
 * Points per week (bars, left axis) and position after each week (line, right axis, 1 at the top),
 * drawn with uPlot on a canvas that follows its container's width. Loaded lazily with the roster page.
 */
export default function PointsHistoryChart({ weeks }: { weeks: HistoryWeek[] }) {
  const box = useRef<HTMLDivElement>(null);
  const { resolvedTheme } = useTheme();

  useEffect(() => {
    const el = box.current;
    if (!el || weeks.length === 0) return;
    // colours come from the theme's CSS variables, read again when the theme changes
    void resolvedTheme;
    const text = cssVar('--muted-foreground');
    const grid = cssVar('--border');
    const brand = cssVar('--brand');
    const line = cssVar('--foreground');
    const participants = Math.max(...weeks.map((w) => w.participants), 1);
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      width: el.clientWidth || 320,
      height: HEIGHT,
      padding: [12, 8, 0, 0],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        points: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max) * 1.1] },
        rank: { dir: -1, range: () => [0.5, participants + 0.5] } as uPlot.Scale,
      },
      axes: [
        {
          ...axis,
          splits: () => weeks.map((w) => w.weekNumber),
          values: (_u, splits) => splits.map((v) => `S${v}`),
          grid: { show: false },
        },
        { ...axis, scale: 'points', size: 44 },
        {
          ...axis,
          scale: 'rank',
          side: 1,
          size: 40,
          grid: { show: false },
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) && v >= 1 ? `${v}°` : '')),
        },
      ],
      series: [
        {},
        {
          label: 'Punti',
          scale: 'points',
          fill: brand,
          stroke: brand,
          paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
          points: { show: false },
        },
        {
          label: 'Posizione',
          scale: 'rank',
          stroke: line,
          width: 2,
          points: { show: true, size: 7, fill: line, stroke: line },
        },
      ],
    };
    const data: uPlot.AlignedData = [
      weeks.map((w) => w.weekNumber),
      weeks.map((w) => w.points),
      weeks.map((w) => w.rank),
    ];
    const chart = new uPlot(options, data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth || 320, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [weeks, resolvedTheme]);

  return <div ref={box} className="w-full" aria-hidden="true" />;
}
