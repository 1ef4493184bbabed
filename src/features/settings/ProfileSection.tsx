import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AVATAR_COLORS,
  DISPLAY_NAME_MAX,
  type AvatarColor,
  type UserSettings,
} from '../../../protocol';
import { errorMessage } from '../../api/baseApi';
import { tKey } from '../../i18n/i18n';
import { useAppDispatch } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import { initialsOf } from '../world/initials';
import { SettingsSection } from './SettingsSection';
import { useUpdateSettingsMutation } from './settingsApi';

/** The names of protocol/settings.ts AVATAR_COLORS, marked as keys (translated where shown). */
const AVATAR_COLOR_NAMES: Record<AvatarColor, string> = {
  '#4f46e5': tKey('Indigo'),
  '#1d4ed8': tKey('Blue'),
  '#0f766e': tKey('Teal'),
  '#15803d': tKey('Green'),
  '#b45309': tKey('Amber'),
  '#c2410c': tKey('Orange'),
  '#b91c1c': tKey('Red'),
  '#be185d': tKey('Pink'),
  '#7e22ce': tKey('Purple'),
  '#475569': tKey('Slate'),
};

/** Display name and the colour behind the avatar's initials. */
export function ProfileSection({ settings }: { settings: UserSettings }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(settings.name);
  const [color, setColor] = useState<string>(settings.avatar_color);
  const [update, saving] = useUpdateSettingsMutation();
  const trimmed = name.trim();
  const changed = trimmed !== settings.name || color !== settings.avatar_color;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed) return;
    try {
      const chosen = AVATAR_COLORS.find((c) => c.value === color)?.value;
      await update({ name: trimmed, ...(chosen ? { avatar_color: chosen } : {}) }).unwrap();
      dispatch(flashShown(t('Profile saved'), 'success'));
    } catch (err) {
      dispatch(flashShown(errorMessage(err), 'error'));
    }
  };

  return (
    <SettingsSection id="settings-profile" title={t('Profile')} description={settings.email}>
      <Stack component="form" spacing={2} onSubmit={(e) => void onSubmit(e)}>
        <TextField
          label={t('Display name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!trimmed}
          helperText={!trimmed ? t('A display name is required') : ' '}
          slotProps={{ htmlInput: { maxLength: DISPLAY_NAME_MAX } }}
        />
        <Box>
          <FormLabel id="avatar-color-label">{t('Avatar colour')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="avatar-color-label"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            sx={{ gap: 0.5, mt: 1 }}
          >
            {AVATAR_COLORS.map((c) => (
              <FormControlLabel
                key={c.value}
                value={c.value}
                label={t(AVATAR_COLOR_NAMES[c.value] ?? c.label)}
                sx={{ mr: 1, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
                control={
                  <Radio
                    size="small"
                    checkedIcon={<Swatch color={c.value} name={trimmed} checked />}
                    icon={<Swatch color={c.value} name={trimmed} />}
                  />
                }
              />
            ))}
          </RadioGroup>
        </Box>
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={!changed || !trimmed || saving.isLoading}
          >
            {saving.isLoading ? t('Saving...') : t('Save profile')}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}

function Swatch({ color, name, checked }: { color: string; name: string; checked?: boolean }) {
  return (
    <Avatar
      aria-hidden
      sx={{
        width: 32,
        height: 32,
        fontSize: 14,
        bgcolor: color,
        color: '#fff',
        outline: checked ? '3px solid' : 'none',
        outlineColor: 'text.primary',
        outlineOffset: 2,
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
