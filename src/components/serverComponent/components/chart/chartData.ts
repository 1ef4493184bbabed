import { t } from '../../../../i18n/i18n';
import { isRecord } from '../../nodeProps';

export const CHART_TYPES = ['bar', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ChartSeries {
  label: string;
  values: number[];
}

export interface ChartSpec {
  type: ChartType;
  labels: string[];
  series: ChartSeries[];
}

/**
 * Checks a Chart node's type and data before the chart library sees them, so a
 * malformed chart says what is wrong (in the current language) instead of
 * drawing nonsense or throwing.
 */
export function readChart(
  type: unknown,
  data: unknown,
): { ok: true; chart: ChartSpec } | { ok: false; reason: string } {
  const fail = (reason: string) => ({ ok: false as const, reason });
  if (!(CHART_TYPES as readonly unknown[]).includes(type))
    return fail(t('type must be one of {{types}}', { types: CHART_TYPES.join(', ') }));
  if (!isRecord(data)) return fail(t('data must be an object with labels and series'));
  const { labels, series } = data;
  if (!Array.isArray(labels) || !labels.every((label) => typeof label === 'string'))
    return fail(t('data.labels must be a list of strings'));
  if (!Array.isArray(series) || series.length === 0)
    return fail(t('data.series must be a non-empty list'));
  const checked: ChartSeries[] = [];
  for (const [index, item] of series.entries()) {
    const name = `data.series[${index}]`;
    if (!isRecord(item) || typeof item.label !== 'string')
      return fail(t('{{name}} must have a string label', { name }));
    const { values } = item;
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'number' && Number.isFinite(v)))
      return fail(t('{{name}}.values must be a list of numbers', { name }));
    if (values.length !== labels.length)
      return fail(
        t('{{name}} has {{values}} values for {{labels}} labels', {
          name,
          values: values.length,
          labels: labels.length,
        }),
      );
    checked.push({ label: item.label, values: values as number[] });
  }
  return {
    ok: true,
    chart: { type: type as ChartType, labels: labels as string[], series: checked },
  };
}
