import type { ServerComponentProps } from '../types';
import { TextInput } from './TextInput';

/** A one-line text field (see TextInput). */
export function Input({ node, style }: ServerComponentProps) {
  return <TextInput node={node} style={style} multiline={false} />;
}
