import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { InvalidComponent } from '../InvalidComponent';
import { ServerComponent } from '../ServerComponent';
import type { ServerComponentProps } from '../types';

/**
 * A page layout: main with optional asides left and right (1 : 3 : 1). On a
 * narrow screen the parts stack, main first after the left aside.
 */
export function Layout({ node, style }: ServerComponentProps) {
  const { t } = useTranslation();
  if (node.main == null)
    return <InvalidComponent message={t('Layout: main must be a component')} />;
  const hasLeft = node.aside_left != null;
  const hasRight = node.aside_right != null;
  const columns = [hasLeft && '1fr', '3fr', hasRight && '1fr']
    .filter(Boolean)
    .map((fr) => `minmax(0, ${fr})`)
    .join(' ');
  return (
    <Box
      style={style}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: columns } }}
    >
      {hasLeft && (
        <Box component="aside" data-testid="layout-aside-left">
          <ServerComponent node={node.aside_left} />
        </Box>
      )}
      <Box component="section" data-testid="layout-main">
        <ServerComponent node={node.main} />
      </Box>
      {hasRight && (
        <Box component="aside" data-testid="layout-aside-right">
          <ServerComponent node={node.aside_right} />
        </Box>
      )}
    </Box>
  );
}
