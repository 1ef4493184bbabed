import AppsIcon from '@mui/icons-material/Apps';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import HubIcon from '@mui/icons-material/Hub';
import StorageIcon from '@mui/icons-material/Storage';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TerminalIcon from '@mui/icons-material/Terminal';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { tKey } from '../../i18n/i18n';
import { AdminLayout } from './AdminLayout';

/** Titles and descriptions are marked here and translated where shown. */
interface Section {
  title: string;
  to: string;
  description: string;
  icon: ReactNode;
}

const SECTIONS: readonly Section[] = [
  {
    title: tKey('EMDrive Management'),
    to: '/admin/emdrive',
    description: tKey('Browse the drives of this world, their files, tags and sizes.'),
    icon: <StorageIcon color="primary" fontSize="large" />,
  },
  {
    title: tKey('Cross-Drive Search'),
    to: '/admin/search',
    description: tKey('Search every drive at once by text, meaning or tag.'),
    icon: <TravelExploreIcon color="primary" fontSize="large" />,
  },
  {
    title: tKey('Applications Management'),
    to: '/admin/apps',
    description: tKey('See the running applications and the cogs they annotate.'),
    icon: <AppsIcon color="primary" fontSize="large" />,
  },
  {
    title: tKey('MCP servers'),
    to: '/admin/mcp',
    description: tKey(
      'Choose the MCP servers this world uses as tool providers, and add your own.',
    ),
    icon: <HubIcon color="primary" fontSize="large" />,
  },
  {
    title: tKey('Support logs'),
    to: '/admin/support-logs',
    description: tKey('Session logs members sent; replay what they saw.'),
    icon: <SupportAgentIcon color="primary" fontSize="large" />,
  },
  {
    title: tKey('Command Registry'),
    to: '/admin/commands',
    description: tKey('Look through the registered commands of every namespace.'),
    icon: <TerminalIcon color="primary" fontSize="large" />,
  },
  {
    title: tKey('People'),
    to: '/admin/users',
    description: tKey('Accounts and who may enter which world; add, disable, reset a password.'),
    icon: <GroupIcon color="primary" fontSize="large" />,
  },
  {
    title: tKey('Audit log'),
    to: '/admin/audit',
    description: tKey('Every sign-in and administrative change: who, what, when, from where.'),
    icon: <HistoryIcon color="primary" fontSize="large" />,
  },
];

/**
 * Admin home, /w/{worldid}/admin and /admin (SPEC §2): a card per admin area.
 * Errors and successes show in the app's flash toast, which every page has.
 */
export function AdminHomePage() {
  const { t } = useTranslation();
  return (
    <AdminLayout title={t('Administration')}>
      <Box
        component="nav"
        aria-label={t('Admin areas')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
        }}
      >
        {SECTIONS.map((s) => (
          <Card key={s.to} variant="outlined">
            <CardActionArea component={RouterLink} to={s.to} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                {s.icon}
                <Box>
                  <Typography variant="h6" component="h2">
                    {t(s.title)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(s.description)}
                  </Typography>
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </AdminLayout>
  );
}
