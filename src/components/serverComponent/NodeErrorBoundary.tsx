import { Component, type ReactNode } from 'react';
import { i18n } from '../../i18n/i18n';
import { InvalidComponent } from './InvalidComponent';

interface Props {
  name: string;
  /** The node being rendered: a new node (the server's next screen) gets a fresh try. */
  node: unknown;
  children: ReactNode;
}

interface State {
  error: Error | null;
  node: unknown;
}

/** Catches a render error of one node, so it shows as an invalid box and the screen lives on. */
export class NodeErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, node: this.props.node };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.node !== state.node ? { error: null, node: props.node } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error(`[server component] ${this.props.name} failed to render`, error);
  }

  override render() {
    const { error } = this.state;
    if (error)
      return (
        <InvalidComponent
          message={i18n.t('{{name}}: could not be rendered ({{error}})', {
            name: this.props.name,
            error: error.message,
          })}
        />
      );
    return this.props.children;
  }
}
