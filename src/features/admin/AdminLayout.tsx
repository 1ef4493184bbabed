import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { NavBar } from '../world/NavBar';
import { useAppSelector } from '../../store/hooks';
import { selectAccessibleWorlds, selectActiveWorld, selectGlobalAdmin } from '../auth/authSlice';
import { dashboardUrl } from '../../../protocol/paths';

export interface Crumb {
  label: string;
  to?: string;
}

/** The world an admin page is about: the one in the path, else the user's active world. */
export function useAdminWorld(): string {
  const { worldId } = useParams();
  const active = useAppSelector(selectActiveWorld);
  return worldId ?? active ?? '';
}

/**
 * Frame of every admin page (SPEC §2 "Admin area"): breadcrumbs, a 'Return to
 * Home' link, and for someone who is not an admin of the world a plain 403
 * message instead of the page (the server refuses their calls anyway).
 */
export function AdminLayout({
  title,
  crumbs = [],
  actions,
  children,
  openToGlobalAdmins = false,
}: {
  title: string;
  crumbs?: Crumb[];
  actions?: ReactNode;
  children: ReactNode;
  /** People and the audit log: a global admin administers them in any world. */
  openToGlobalAdmins?: boolean;
}) {
  const { t } = useTranslation();
  const worldId = useAdminWorld();
  const worlds = useAppSelector(selectAccessibleWorlds);
  const globalAdmin = useAppSelector(selectGlobalAdmin);
  const isAdmin =
    (openToGlobalAdmins && globalAdmin) || worlds.some((w) => w.world_id === worldId && w.is_admin);
  const trail: Crumb[] = [{ label: t('Admin'), to: '/admin' }, ...crumbs];
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <NavBar worldId={worldId} title={t('Administration')} />
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 2, flexWrap: 'wrap' }}>
          <Breadcrumbs aria-label={t('breadcrumbs')} sx={{ flex: 1 }}>
            {trail.map((c, i) =>
              c.to && i < trail.length - 1 ? (
                <Link
                  key={c.label}
                  component={RouterLink}
                  to={c.to}
                  underline="hover"
                  color="inherit"
                >
                  {c.label}
                </Link>
              ) : (
                <Typography key={c.label} color="text.primary">
                  {c.label}
                </Typography>
              ),
            )}
          </Breadcrumbs>
          <Link component={RouterLink} to={dashboardUrl(worldId)}>
            {t('Return to Home')}
          </Link>
        </Stack>
        {/* The actions wrap under the title on a phone rather than pushing the page sideways. */}
        <Stack direction="row" sx={{ alignItems: 'center', mb: 3, gap: 2, flexWrap: 'wrap' }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ flex: '1 1 auto', fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {title}
          </Typography>
          {isAdmin && actions}
        </Stack>
        {isAdmin ? (
          children
        ) : (
          <Alert severity="error">
            {t(
              '403 — Administrators of this world only. Ask an administrator of {{world}} for access.',
              { world: worldId },
            )}
          </Alert>
        )}
      </Container>
    </Box>
  );
}
