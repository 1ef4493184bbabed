import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Drive, SearchKind } from '../../../../protocol';
import { SEARCH_KINDS } from '../adminFormat';

export interface SearchOptions {
  kind: SearchKind;
  /** the drives chosen by the user; null while all are (new drives included) */
  chosenDrives: string[] | null;
  includeContent: boolean;
  threshold: number;
}

/** Default similarity threshold of a semantic search (SPEC §7, §9). */
export const DEFAULT_THRESHOLD = 0.25;

export const percent = (value: number): string => `${Math.round(value * 100)}%`;

/** The drives a search will ask: the chosen ones that still exist, or all. */
export function selectedDrives(options: SearchOptions, drives: readonly Drive[]): string[] {
  const names = drives.map((d) => d.Name);
  return options.chosenDrives === null
    ? names
    : names.filter((n) => options.chosenDrives!.includes(n));
}

/**
 * Advanced options (SPEC §2): which drives (with Select All), the search
 * type, 'Include file content in results', and the similarity threshold of
 * a semantic search, 0 to 1 in steps of 0.05, shown as a percentage.
 */
export function AdvancedOptions({
  options,
  drives,
  onChange,
}: {
  options: SearchOptions;
  drives: readonly Drive[];
  onChange: (next: SearchOptions) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<SearchOptions>) => onChange({ ...options, ...patch });
  const chosen = selectedDrives(options, drives);
  const all = drives.length > 0 && chosen.length === drives.length;
  const toggle = (name: string) =>
    set({
      chosenDrives: chosen.includes(name) ? chosen.filter((n) => n !== name) : [...chosen, name],
    });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2, display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}
      role="region"
      aria-label={t('Advanced options')}
    >
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">{t('Drives')}</FormLabel>
        {drives.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('No EMDrives found')}
          </Typography>
        ) : (
          <FormGroup>
            <FormControlLabel
              label={t('Select All')}
              control={
                <Checkbox
                  checked={all}
                  indeterminate={chosen.length > 0 && !all}
                  onChange={() => set({ chosenDrives: all ? [] : null })}
                />
              }
            />
            <Box sx={{ pl: 3, display: 'flex', flexDirection: 'column' }}>
              {drives.map((d) => (
                <FormControlLabel
                  key={d.Name}
                  label={d.Name}
                  control={
                    <Checkbox checked={chosen.includes(d.Name)} onChange={() => toggle(d.Name)} />
                  }
                />
              ))}
            </Box>
          </FormGroup>
        )}
      </FormControl>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <FormControl size="small">
          <InputLabel id="admin-search-type">{t('Search type')}</InputLabel>
          <Select
            labelId="admin-search-type"
            label={t('Search type')}
            value={options.kind}
            onChange={(e) => set({ kind: e.target.value as SearchKind })}
          >
            {SEARCH_KINDS.map((k) => (
              <MenuItem key={k.value} value={k.value}>
                {t(k.label)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControlLabel
          label={t('Include file content in results')}
          control={
            <Checkbox
              checked={options.includeContent}
              onChange={(e) => set({ includeContent: e.target.checked })}
            />
          }
        />
        <Box>
          <Typography id="admin-search-threshold" variant="body2" gutterBottom>
            {t('Similarity threshold: {{value}}', { value: percent(options.threshold) })}
          </Typography>
          <Slider
            aria-labelledby="admin-search-threshold"
            min={0}
            max={1}
            step={0.05}
            value={options.threshold}
            valueLabelDisplay="auto"
            valueLabelFormat={percent}
            getAriaValueText={percent}
            onChange={(_e, value) => set({ threshold: value as number })}
          />
          <Typography variant="caption" color="text.secondary">
            {t('Used by semantic search: results less similar than this are left out.')}
          </Typography>
        </Box>
      </Box>
    </Paper>
  );
}
