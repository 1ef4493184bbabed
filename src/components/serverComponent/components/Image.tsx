import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { httpUrl, safeNextPath } from '../../../../protocol/paths';
import { tKey } from '../../../i18n/i18n';
import { InvalidComponent } from '../InvalidComponent';
import { optionalString, requireString } from '../nodeProps';
import type { ServerComponentProps } from '../types';

export const IMAGE_SRC_ERROR = tKey(
  'Image: src must be an http(s) URL, a path on this site or a data:image/ URL',
);

/** Only sources that cannot run anything or reach an odd scheme (no javascript:, file:, blob:). */
export function safeImageSrc(src: string): string | undefined {
  if (/^data:image\//i.test(src)) return src;
  return httpUrl(src) ?? safeNextPath(src);
}

function heightOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return `${value}px`;
  return typeof value === 'string' && /^\d+(\.\d+)?(px|rem|em|vh|%)?$/.test(value.trim())
    ? value.trim().replace(/^(\d+(\.\d+)?)$/, '$1px')
    : undefined;
}

/** An image; the title is its alt text. */
export function Image({ node, style }: ServerComponentProps) {
  const { t } = useTranslation();
  const error = requireString(node, 'src') ?? optionalString(node, 'title');
  if (error) return <InvalidComponent message={error} />;
  const src = safeImageSrc(node.src as string);
  if (!src) return <InvalidComponent message={t(IMAGE_SRC_ERROR)} />;
  return (
    <Box
      component="img"
      src={src}
      alt={node.title ?? ''}
      loading="lazy"
      style={{ height: heightOf(node.height), ...style }}
      sx={{ display: 'block', maxWidth: '100%', objectFit: 'contain', borderRadius: 1 }}
    />
  );
}
