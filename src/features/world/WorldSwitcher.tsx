import CheckIcon from '@mui/icons-material/Check';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_AVATAR_COLOR } from '../../../protocol';
import { sessionLogExportRequested } from '../../store/actionLog/recorder';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAuth } from '../auth/authSlice';
import { useSignOut } from '../auth/useSignOut';
import { SendSupportLogDialog } from '../support/SendSupportLogDialog';
import { worldSwitchRequested } from './worldSlice';
import { worldTitle } from './worldPath';
import { initialsOf } from './initials';
import { MountedOnceOpen } from '../../components/MountedOnceOpen';

/** SPEC §2 "World switcher menu": who is signed in, the worlds they may enter, add a world, sign out. */
export function WorldSwitcher({ currentWorldId }: { currentWorldId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { user, accessibleWorlds, loginUrl } = useAppSelector(selectAuth);
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [sending, setSending] = useState(false);
  const current = accessibleWorlds.find((w) => w.world_id === currentWorldId);
  const who = user?.name || user?.email || '';
  const worldName = current?.name ?? worldTitle(currentWorldId);

  const pick = (worldId: string) => {
    setAnchor(null);
    if (worldId !== currentWorldId) dispatch(worldSwitchRequested({ worldId }));
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        endIcon={<ExpandMoreIcon />}
        startIcon={
          <Avatar
            sx={{
              width: 28,
              height: 28,
              fontSize: 13,
              bgcolor: user?.avatar_color ?? DEFAULT_AVATAR_COLOR,
              color: '#fff',
            }}
            aria-hidden
          >
            {initialsOf(who)}
          </Avatar>
        }
        aria-haspopup="menu"
        // The name a screen reader gives begins with the words on the button (WCAG 2.5.3).
        aria-label={t('{{world}}, World switcher', { world: worldName })}
      >
        {worldName}
      </Button>
      <MountedOnceOpen open={Boolean(anchor)}>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <MenuItem disabled sx={{ opacity: '1 !important', display: 'block' }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {t('Signed in as')}
            </Typography>
            <Typography variant="body2" component="div">
              {who}
            </Typography>
          </MenuItem>
          <Divider />
          {accessibleWorlds.map((w) => (
            <MenuItem
              key={w.world_id}
              onClick={() => pick(w.world_id)}
              selected={w.world_id === currentWorldId}
            >
              <ListItemIcon>
                {w.world_id === currentWorldId && (
                  <CheckIcon fontSize="small" aria-label={t('active world')} />
                )}
              </ListItemIcon>
              <ListItemText>{w.name}</ListItemText>
            </MenuItem>
          ))}
          {loginUrl && (
            <MenuItem
              component="a"
              href={loginUrl}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setAnchor(null)}
            >
              <ListItemText inset>{t('+ Add another world')}</ListItemText>
            </MenuItem>
          )}
          <Divider />
          <MenuItem component={Link} to="/settings" onClick={() => setAnchor(null)}>
            <ListItemText inset>{t('Settings')}</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              dispatch(sessionLogExportRequested());
            }}
          >
            <ListItemText inset>{t('Export session log')}</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setSending(true);
            }}
          >
            <ListItemText inset>{t('Send session log to support')}</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void signOut();
            }}
          >
            <ListItemText inset>{t('Sign Out')}</ListItemText>
          </MenuItem>
        </Menu>
      </MountedOnceOpen>
      <MountedOnceOpen open={sending}>
        <SendSupportLogDialog open={sending} onClose={() => setSending(false)} />
      </MountedOnceOpen>
    </>
  );
}
