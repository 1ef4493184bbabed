import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WorldSwitcher } from './WorldSwitcher';
import { dashboardUrl } from '../../../protocol/paths';

/** The bar on top of world pages: logo link home, a title, the world switcher. */
export function NavBar({
  worldId,
  title,
  heading = false,
  children,
}: {
  worldId: string;
  title?: string;
  /** The title is the page's heading (level 1): pages without a heading of their own. */
  heading?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 2 }}>
        <Box
          component={Link}
          to={dashboardUrl(worldId)}
          sx={{ display: 'flex' }}
          aria-label={t('Home')}
        >
          <Box component="img" src="/favicon.svg" alt="EMgen" sx={{ width: 32, height: 32 }} />
        </Box>
        <Typography variant="h6" component={heading ? 'h1' : 'div'} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {children}
        <WorldSwitcher currentWorldId={worldId} />
      </Toolbar>
    </AppBar>
  );
}
