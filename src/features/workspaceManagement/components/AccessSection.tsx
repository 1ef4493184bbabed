import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorldMember } from '../../../../protocol';
import { tKey } from '../../../i18n/i18n';
import { useAppDispatch } from '../../../store/hooks';
import { changeAccess, fetchAccess, fetchMembers, type AccessDetails } from '../accessRequests';

export const SHARE_LABEL = tKey('Share with everyone in this world');

/**
 * Who may open the workspace (issue 20), in the Settings tab of Configure
 * Workspace: shared with the whole world or not, its participants, and an
 * invite picker over the world's members. Changes apply at once (they are not
 * part of Save Changes), as sharing does in Open WebUI and LibreChat. Only the
 * creator and world admins change it; everyone else sees who has access.
 */
export function AccessSection() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [details, setDetails] = useState<AccessDetails | null>(null);
  const [members, setMembers] = useState<WorldMember[]>([]);
  const [chosen, setChosen] = useState<WorldMember | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Bumped after each change: the details (and members) are read again from the server.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    const failed = (err: unknown) => {
      if (live) setError(err instanceof Error ? err.message : String(err));
    };
    fetchAccess(dispatch)
      .then(async (access) => {
        if (!live) return;
        setDetails(access);
        if (access.can_manage) {
          const list = await fetchMembers(dispatch);
          if (live) setMembers(list);
        }
      })
      .catch(failed);
    return () => {
      live = false;
    };
  }, [dispatch, version]);

  const change = async (step: Parameters<typeof changeAccess>[1]) => {
    setBusy(true);
    setError(null);
    try {
      await changeAccess(dispatch, step);
      if (step.typ === 'workspace.access.invite') setChosen(null);
      setVersion((v) => v + 1);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const participantIds = new Set(details?.participants.map((p) => p.user_id));
  const invitable = members.filter((m) => !participantIds.has(m.user_id));
  const canManage = Boolean(details?.can_manage);

  return (
    <Box component="section" aria-labelledby="workspace-access-title" sx={{ mt: 2, maxWidth: 560 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="workspace-access-title" variant="subtitle1" component="h2" gutterBottom>
        {t('Who can open this workspace')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {!details ? (
        !error && <Typography color="text.secondary">{t('Loading...')}</Typography>
      ) : (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={details.shared}
                disabled={!canManage || busy}
                onChange={(e) =>
                  void change({ typ: 'workspace.access.share', shared: e.target.checked })
                }
              />
            }
            label={t(SHARE_LABEL)}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {details.shared
              ? t('Everyone in this world can open it and take part.')
              : t('Only the people below can open it.')}
          </Typography>
          <List dense aria-label={t('People with access')}>
            {details.participants.map((p) => (
              <ListItem
                key={p.user_id}
                disableGutters
                secondaryAction={
                  canManage && !p.creator ? (
                    <Tooltip title={t('Remove')}>
                      <span>
                        <IconButton
                          edge="end"
                          aria-label={t('Remove {{name}}', { name: p.name })}
                          disabled={busy}
                          onClick={() =>
                            void change({ typ: 'workspace.access.remove', user_id: p.user_id })
                          }
                        >
                          <PersonRemoveIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  ) : undefined
                }
              >
                <ListItemAvatar>
                  <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>
                    {p.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{p.name}</span>
                      {p.creator && <Chip size="small" label={t('Creator')} />}
                    </Stack>
                  }
                />
              </ListItem>
            ))}
          </List>
          {canManage ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
              <Autocomplete
                options={invitable}
                value={chosen}
                onChange={(_e, v) => setChosen(v)}
                getOptionLabel={(m) => `${m.name} (${m.email})`}
                isOptionEqualToValue={(a, b) => a.user_id === b.user_id}
                noOptionsText={t('Everyone in this world has access')}
                size="small"
                sx={{ flex: 1 }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('Invite people')}
                    placeholder={t('Name or email')}
                  />
                )}
              />
              <Button
                variant="outlined"
                disabled={!chosen || busy}
                onClick={() =>
                  chosen && void change({ typ: 'workspace.access.invite', user_id: chosen.user_id })
                }
              >
                {t('Invite')}
              </Button>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('Only the creator of this workspace or a world admin can change who may open it.')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
