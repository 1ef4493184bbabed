import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/i18n';
import { FLOW_BACKGROUNDS, FLOW_BACKGROUND_NAMES, type FlowBackground } from './flowBackground';

/** Each background's tooltip and its name for assistive technology (lower case, as the tests ask). */
const BACKGROUND_TEXT: Record<FlowBackground, { title: string; label: string }> = {
  purple: { title: tKey('Purple background'), label: tKey('purple background') },
  blue: { title: tKey('Blue background'), label: tKey('blue background') },
  green: { title: tKey('Green background'), label: tKey('green background') },
};

/** Three swatches; the chosen one is ringed. */
export function FlowBackgroundPicker({
  value,
  onChange,
}: {
  value: FlowBackground;
  onChange: (next: FlowBackground) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box role="radiogroup" aria-label={t('Background')} sx={{ display: 'flex', gap: 1 }}>
      {FLOW_BACKGROUND_NAMES.map((name) => (
        <Tooltip key={name} title={t(BACKGROUND_TEXT[name].title)}>
          <ButtonBase
            role="radio"
            aria-checked={value === name}
            aria-label={t(BACKGROUND_TEXT[name].label)}
            onClick={() => onChange(name)}
            sx={{
              width: 24,
              height: 24,
              borderRadius: '50%',
              background: FLOW_BACKGROUNDS[name],
              border: 2,
              borderColor: value === name ? '#fff' : 'rgba(255,255,255,0.35)',
              boxShadow: value === name ? '0 0 0 2px rgba(0,0,0,0.25)' : 'none',
            }}
          />
        </Tooltip>
      ))}
    </Box>
  );
}
