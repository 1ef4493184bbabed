import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readChart } from '../../../src/components/serverComponent/components/chart/chartData';
import { renderScreen } from './renderScreen';

const data = {
  labels: ['Q1', 'Q2', 'Q3'],
  series: [{ label: 'Revenue', values: [10, 20, 30] }],
};

describe('readChart', () => {
  it('accepts labels with one value per label in every series', () => {
    expect(readChart('line', data)).toEqual({
      ok: true,
      chart: { type: 'line', labels: data.labels, series: data.series },
    });
  });

  it.each([
    ['area', data, 'type must be one of bar, line, pie'],
    ['bar', null, 'data must be an object with labels and series'],
    ['bar', { labels: [1, 2], series: [] }, 'data.labels must be a list of strings'],
    ['bar', { labels: ['a'], series: [] }, 'data.series must be a non-empty list'],
    [
      'bar',
      { labels: ['a'], series: [{ values: [1] }] },
      'data.series[0] must have a string label',
    ],
    [
      'bar',
      { labels: ['a'], series: [{ label: 's', values: ['1'] }] },
      'data.series[0].values must be a list of numbers',
    ],
    [
      'pie',
      { labels: ['a', 'b'], series: [{ label: 's', values: [1] }] },
      'data.series[0] has 1 values for 2 labels',
    ],
  ])('type %j with data %j: %s', (type, given, reason) => {
    expect(readChart(type, given)).toEqual({ ok: false, reason });
  });
});

describe('Chart', () => {
  it.each([
    ['bar', ['Revenue']],
    ['line', ['Revenue']],
    ['pie', ['Q1', 'Q2', 'Q3']],
  ])('draws a %s chart with the real chart library, legend %j', async (type, legend) => {
    const { container } = renderScreen({ component: 'Chart', type, title: 'Sales', data });
    expect(screen.getByText('Sales')).toBeTruthy();
    // The library is lazy-loaded: wait for its drawing surface.
    await vi.waitFor(() =>
      expect(container.querySelector('.MuiChartsSurface-root svg')).not.toBeNull(),
    );
    const labels = container.querySelectorAll('.MuiChartsLegend-label');
    expect(Array.from(labels, (el) => el.textContent)).toEqual(legend);
    expect(screen.queryByTestId('chart-error')).toBeNull();
  });

  it('malformed data is red error text, not an exception', () => {
    renderScreen({ component: 'Chart', type: 'bar', data: { labels: ['a'], series: 'x' } });
    expect(screen.getByTestId('chart-error').textContent).toBe(
      'Chart could not be rendered: data.series must be a non-empty list',
    );
  });
});
