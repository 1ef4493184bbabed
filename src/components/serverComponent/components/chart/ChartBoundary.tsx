import { Component, type ReactNode } from 'react';
import { ChartError } from './ChartError';

interface Props {
  /** The chart's data: new data gets a fresh try. */
  resetKey: unknown;
  children: ReactNode;
}

interface State {
  error: string | null;
  resetKey: unknown;
}

/** A chart the library fails to draw (or fails to load) shows red error text (SPEC §8). */
export class ChartBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error('[server component] Chart failed to render', error);
  }

  override render() {
    return this.state.error !== null ? (
      <ChartError reason={this.state.error} />
    ) : (
      this.props.children
    );
  }
}
