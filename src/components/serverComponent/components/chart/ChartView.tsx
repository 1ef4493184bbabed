import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ChartSpec } from './chartData';

/**
 * The chart library's part of Chart. It is the only module that imports
 * @mui/x-charts, and Chart loads it with React.lazy, so screens without a
 * chart never download the library.
 */
export default function ChartView({ chart, height }: { chart: ChartSpec; height: number }) {
  const { type, labels, series } = chart;
  if (type === 'pie') {
    // A pie shows one series: the first.
    const first = series[0]!;
    return (
      <PieChart
        height={height}
        series={[
          {
            data: first.values.map((value, i) => ({ id: i, value, label: labels[i] })),
            innerRadius: 0,
          },
        ]}
      />
    );
  }
  const xAxis = [{ scaleType: 'band' as const, data: labels }];
  if (type === 'line')
    return (
      <LineChart
        height={height}
        xAxis={[{ scaleType: 'point', data: labels }]}
        series={series.map((s) => ({ label: s.label, data: s.values }))}
      />
    );
  return (
    <BarChart
      height={height}
      xAxis={xAxis}
      series={series.map((s) => ({ label: s.label, data: s.values }))}
    />
  );
}
