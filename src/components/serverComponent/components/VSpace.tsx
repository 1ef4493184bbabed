import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { VSPACE_DEFAULT_PX } from '../../../../protocol/components';
import { InvalidComponent } from '../InvalidComponent';
import type { ServerComponentProps } from '../types';

const CSS_LENGTH = /^\d+(\.\d+)?(px|rem|em|vh)$/;

/** A number is pixels; a numeric string too; a CSS length in px/rem/em/vh is kept. */
function heightOf(value: unknown): string | undefined {
  if (value == null) return `${VSPACE_DEFAULT_PX}px`;
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 ? `${value}px` : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return `${text}px`;
  return CSS_LENGTH.test(text) ? text : undefined;
}

/** Vertical space, VSPACE_DEFAULT_PX high unless `height` says otherwise (SPEC §9). */
export function VSpace({ node, style }: ServerComponentProps) {
  const { t } = useTranslation();
  const height = heightOf(node.height);
  if (!height) return <InvalidComponent message={t('VSpace: height must be a number of pixels')} />;
  // Inline style: the height is the whole point of this node, and tests can read it.
  return <Box data-testid="vspace" aria-hidden style={{ ...style, height }} />;
}
