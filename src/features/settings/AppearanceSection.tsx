import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useColorScheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { THEME_CHOICES, type ThemeChoice } from '../../../protocol';
import { errorMessage } from '../../api/baseApi';
import { tKey } from '../../i18n/i18n';
import { useAppDispatch } from '../../store/hooks';
import { flashShown } from '../flash/flashSlice';
import { SettingsSection } from './SettingsSection';
import { useUpdateSettingsMutation } from './settingsApi';

export const THEME_LABELS: Record<ThemeChoice, string> = {
  light: tKey('Light'),
  dark: tKey('Dark'),
  system: tKey('Same as the system'),
};

/** Light, dark or the system's choice: applied at once, and kept with the account. */
export function AppearanceSection({ theme }: { theme: ThemeChoice }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { mode, setMode } = useColorScheme();
  const [update] = useUpdateSettingsMutation();

  const choose = async (next: ThemeChoice) => {
    setMode(next);
    try {
      await update({ theme: next }).unwrap();
    } catch (err) {
      setMode(theme);
      dispatch(flashShown(errorMessage(err), 'error'));
    }
  };

  return (
    <SettingsSection
      id="settings-appearance"
      title={t('Appearance')}
      description={t('The theme of every page, on every device you sign in on.')}
    >
      <RadioGroup
        aria-labelledby="settings-appearance-title"
        value={mode ?? theme}
        onChange={(e) => void choose(e.target.value as ThemeChoice)}
      >
        {THEME_CHOICES.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio />}
            label={t(THEME_LABELS[choice])}
          />
        ))}
      </RadioGroup>
    </SettingsSection>
  );
}
