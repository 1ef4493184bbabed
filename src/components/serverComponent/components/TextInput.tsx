import TextField from '@mui/material/TextField';
import type { CSSProperties } from 'react';
import type { ComponentNode } from '../../../../protocol/components';
import { InvalidComponent } from '../InvalidComponent';
import { firstError, optionalString, stringProp } from '../nodeProps';
import { useNamedValue } from './useNamedValue';

// Types a server may ask for; anything else (file, hidden, checkbox...) is a plain text field.
const INPUT_TYPES = new Set([
  'text',
  'email',
  'number',
  'password',
  'tel',
  'url',
  'date',
  'search',
]);

function initialValue(content: unknown): string {
  return typeof content === 'string' || typeof content === 'number' ? String(content) : '';
}

function Field({
  node,
  style,
  multiline,
}: {
  node: ComponentNode;
  style: CSSProperties | undefined;
  multiline: boolean;
}) {
  const name = stringProp(node, 'name');
  const [value, setValue] = useNamedValue(name, initialValue(node.content));
  const type = stringProp(node, 'type');
  return (
    <TextField
      name={name}
      label={stringProp(node, 'label')}
      placeholder={stringProp(node, 'placeholder')}
      type={!multiline && type && INPUT_TYPES.has(type) ? type : 'text'}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      disabled={node.disabled === true}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      fullWidth
      size="small"
      style={style}
    />
  );
}

/** Input and TextArea: a text field whose value, if named, goes with the screen's next server action. */
export function TextInput({
  node,
  style,
  multiline,
}: {
  node: ComponentNode;
  style: CSSProperties | undefined;
  multiline: boolean;
}) {
  const error = firstError(
    optionalString(node, 'name'),
    optionalString(node, 'label'),
    optionalString(node, 'placeholder'),
  );
  if (error) return <InvalidComponent message={error} />;
  return <Field node={node} style={style} multiline={multiline} />;
}
