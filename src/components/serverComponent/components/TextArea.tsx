import type { ServerComponentProps } from '../types';
import { TextInput } from './TextInput';

/** A multi-line text field (see TextInput). */
export function TextArea({ node, style }: ServerComponentProps) {
  return <TextInput node={node} style={style} multiline />;
}
