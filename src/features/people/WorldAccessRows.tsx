import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/i18n';

export type WorldRole = 'none' | 'member' | 'admin';

/** Each role's name, translated where shown. */
export const ROLE_LABELS: Record<WorldRole, string> = {
  none: tKey('No access'),
  member: tKey('Member'),
  admin: tKey('Administrator'),
};

/** One row per world the viewer may grant: no access, member, or administrator of it. */
export function WorldAccessRows({
  worlds,
  roleOf,
  onChange,
  disabled,
}: {
  worlds: { world_id: string; name: string }[];
  roleOf: (worldId: string) => WorldRole;
  onChange: (worldId: string, role: WorldRole) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (!worlds.length)
    return <Typography color="text.secondary">{t('No worlds you may grant.')}</Typography>;
  return (
    <Stack spacing={1.5}>
      {worlds.map((w) => (
        <TextField
          key={w.world_id}
          select
          size="small"
          label={w.name}
          value={roleOf(w.world_id)}
          disabled={disabled}
          onChange={(e) => onChange(w.world_id, e.target.value as WorldRole)}
          helperText={w.world_id}
        >
          {(Object.keys(ROLE_LABELS) as WorldRole[]).map((role) => (
            <MenuItem key={role} value={role}>
              {t(ROLE_LABELS[role])}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
