import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkspaceTool } from '../../../protocol';
import {
  argsOf,
  fieldsOf,
  initialValues,
  shortToolName,
  type Field,
  type Values,
} from './schemaForm';

/**
 * The arguments of the tool picked from the / menu, as a form made from its
 * JSON Schema. Run sends it; the result arrives in the transcript as a tool
 * message. Escape or Cancel closes it, the text typed is kept.
 */
export function ToolArgsForm({
  tool,
  running,
  onRun,
  onClose,
}: {
  tool: WorkspaceTool;
  running: boolean;
  onRun: (args: Record<string, unknown>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fields = useMemo(() => fieldsOf(tool.parameters), [tool.parameters]);
  const [values, setValues] = useState<Values>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = argsOf(fields, values);
    if ('errors' in result) setErrors(result.errors);
    else {
      setErrors({});
      onRun(result.args);
    }
  };
  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A field being corrected no longer shows its old error.
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };
  const title = `/${shortToolName(tool.name)}`;

  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="tool-form-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="tool-form-title" sx={{ fontFamily: 'monospace' }}>
        {title}
        <Typography variant="body2" color="text.secondary" component="div">
          {tool.provider}
          {tool.description ? ` — ${tool.description}` : ''}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {fields.length === 0 ? (
          <Typography color="text.secondary">{t('This tool takes no arguments.')}</Typography>
        ) : (
          <Stack spacing={2}>
            {fields.map((f, i) => (
              <FieldInput
                key={f.name}
                field={f}
                value={values[f.name] ?? ''}
                error={errors[f.name]}
                autoFocus={i === 0}
                onChange={(v) => set(f.name, v)}
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {t('Cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={running} autoFocus={!fields.length}>
          {running ? t('Running...') : t('Run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FieldInput({
  field,
  value,
  error,
  autoFocus,
  onChange,
}: {
  field: Field;
  value: string;
  error: string | undefined;
  autoFocus: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const label = field.required ? `${field.label} *` : field.label;
  // The errors are schemaForm's English keys; the description is the tool's own text.
  const help = error ? t(error) : field.description;
  if (field.kind === 'boolean') {
    return (
      <div>
        <FormControlLabel
          control={
            <Checkbox
              checked={value === 'true'}
              autoFocus={autoFocus}
              onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
            />
          }
          label={label}
        />
        {help && <FormHelperText error={Boolean(error)}>{help}</FormHelperText>}
      </div>
    );
  }
  const common = {
    label,
    value,
    autoFocus,
    fullWidth: true,
    size: 'small' as const,
    error: Boolean(error),
    helperText: help,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  if (field.kind === 'enum') {
    return (
      <TextField select {...common}>
        {!field.required && <MenuItem value="">{t('(none)')}</MenuItem>}
        {(field.options ?? []).map((o) => (
          <MenuItem key={JSON.stringify(o)} value={JSON.stringify(o)}>
            {typeof o === 'string' ? o : JSON.stringify(o)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.kind === 'json') {
    return (
      <TextField
        {...common}
        multiline
        minRows={3}
        placeholder="JSON"
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
    );
  }
  if (field.kind === 'number' || field.kind === 'integer') {
    return (
      <TextField
        {...common}
        slotProps={{
          htmlInput: { inputMode: field.kind === 'integer' ? 'numeric' : 'decimal' },
        }}
      />
    );
  }
  return <TextField {...common} multiline={field.multiline} maxRows={6} />;
}
