import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import { FLOW_BACKGROUNDS, FLOW_BACKGROUND_NAMES, type FlowBackground } from './flowBackground';

/** Three swatches; the chosen one is ringed. */
export function FlowBackgroundPicker({
  value,
  onChange,
}: {
  value: FlowBackground;
  onChange: (next: FlowBackground) => void;
}) {
  return (
    <Box role="radiogroup" aria-label="Background" sx={{ display: 'flex', gap: 1 }}>
      {FLOW_BACKGROUND_NAMES.map((name) => (
        <Tooltip key={name} title={`${name[0]!.toUpperCase()}${name.slice(1)} background`}>
          <ButtonBase
            role="radio"
            aria-checked={value === name}
            aria-label={`${name} background`}
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
