import Typography, { type TypographyProps } from '@mui/material/Typography';
import { InvalidComponent } from '../InvalidComponent';
import { requireString } from '../nodeProps';
import type { ServerComponentProps } from '../types';

type Variant = NonNullable<TypographyProps['variant']>;

const VARIANTS: Record<string, Variant> = {
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  subtitle: 'subtitle1',
  subtitle1: 'subtitle1',
  subtitle2: 'subtitle2',
  body: 'body1',
  body1: 'body1',
  body2: 'body2',
  caption: 'caption',
};

/**
 * The elements each variant is written as. Server content sits under the
 * page's own title (its one level-1 heading), so its headings are one level
 * lower than they look: an 'h1' node reads as a level-2 heading.
 */
const ELEMENTS = {
  h1: 'h2',
  h2: 'h3',
  h3: 'h4',
  h4: 'h5',
  h5: 'h6',
  h6: 'h6',
  // A caption is inline by default; as a node of its own it takes its own line.
  caption: 'p',
};

/** Plain text in a Typography variant; an unknown variant falls back to body1. */
export function Text({ node, style }: ServerComponentProps) {
  const error = requireString(node, 'content');
  if (error) return <InvalidComponent message={error} />;
  // hasOwn: a variant like 'constructor' must not find Object.prototype's members.
  const variant =
    node.variant && Object.hasOwn(VARIANTS, node.variant) ? VARIANTS[node.variant]! : 'body1';
  return (
    <Typography
      variant={variant}
      variantMapping={ELEMENTS}
      style={style}
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {node.content as string}
    </Typography>
  );
}
