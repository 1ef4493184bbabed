import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Drive, SearchKind } from '../../../../protocol';
import { SEARCH_KINDS } from '../adminFormat';
import { AdvancedOptions, type SearchOptions } from './AdvancedOptions';

/**
 * The query box (Enter or Search), the search type as radios, and the
 * advanced options behind Show/Hide.
 */
export function SearchForm({
  options,
  drives,
  busy,
  onOptions,
  onSearch,
}: {
  options: SearchOptions;
  drives: readonly Drive[];
  busy: boolean;
  onOptions: (next: SearchOptions) => void;
  onSearch: (query: string) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [advanced, setAdvanced] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(query);
  };
  return (
    <>
      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
      >
        <TextField
          size="small"
          label={t('Search all drives')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          sx={{ flex: 1, minWidth: 240 }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={busy}>
          {t('Search')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <RadioGroup
          row
          aria-label={t('Search type')}
          value={options.kind}
          onChange={(e) => onOptions({ ...options, kind: e.target.value as SearchKind })}
        >
          {SEARCH_KINDS.map((k) => (
            <FormControlLabel
              key={k.value}
              value={k.value}
              control={<Radio />}
              label={t(k.label)}
            />
          ))}
        </RadioGroup>
        <Button
          size="small"
          startIcon={<TuneIcon />}
          aria-expanded={advanced}
          onClick={() => setAdvanced((a) => !a)}
        >
          {advanced ? t('Hide advanced options') : t('Show advanced options')}
        </Button>
      </Box>
      {advanced && <AdvancedOptions options={options} drives={drives} onChange={onOptions} />}
    </>
  );
}
