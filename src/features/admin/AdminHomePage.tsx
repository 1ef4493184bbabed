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
import { Link as RouterLink } from 'react-router-dom';
import { AdminLayout } from './AdminLayout';

interface Section {
  title: string;
  to: string;
  description: string;
  icon: ReactNode;
}

const SECTIONS: readonly Section[] = [
  {
    title: 'EMDrive Management',
    to: '/admin/emdrive',
    description: 'Browse the drives of this world, their files, tags and sizes.',
    icon: <StorageIcon color="primary" fontSize="large" />,
  },
  {
    title: 'Cross-Drive Search',
    to: '/admin/search',
    description: 'Search every drive at once by text, meaning or tag.',
    icon: <TravelExploreIcon color="primary" fontSize="large" />,
  },
  {
    title: 'Applications Management',
    to: '/admin/apps',
    description: 'See the running applications and the cogs they annotate.',
    icon: <AppsIcon color="primary" fontSize="large" />,
  },
  {
    title: 'MCP servers',
    to: '/admin/mcp',
    description: 'Choose the MCP servers this world uses as tool providers, and add your own.',
    icon: <HubIcon color="primary" fontSize="large" />,
  },
  {
    title: 'Support logs',
    to: '/admin/support-logs',
    description: 'Session logs members sent; replay what they saw.',
    icon: <SupportAgentIcon color="primary" fontSize="large" />,
  },
  {
    title: 'Command Registry',
    to: '/admin/commands',
    description: 'Look through the registered commands of every namespace.',
    icon: <TerminalIcon color="primary" fontSize="large" />,
  },
  {
    title: 'People',
    to: '/admin/users',
    description: 'Accounts and who may enter which world; add, disable, reset a password.',
    icon: <GroupIcon color="primary" fontSize="large" />,
  },
  {
    title: 'Audit log',
    to: '/admin/audit',
    description: 'Every sign-in and administrative change: who, what, when, from where.',
    icon: <HistoryIcon color="primary" fontSize="large" />,
  },
];

/**
 * Admin home, /w/{worldid}/admin and /admin (SPEC §2): a card per admin area.
 * Errors and successes show in the app's flash toast, which every page has.
 */
export function AdminHomePage() {
  return (
    <AdminLayout title="Administration">
      <Box
        component="nav"
        aria-label="Admin areas"
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
                    {s.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {s.description}
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
