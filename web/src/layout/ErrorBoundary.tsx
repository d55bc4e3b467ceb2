import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createErrorReport, saveErrorReport } from './errorReports';
import { ErrorFallback } from './ErrorFallback';

interface Props {
  children: ReactNode;
  /** Changing this value (the path) leaves the error state. */
  resetKey?: string;
}

interface State {
  error: unknown;
  failedKey?: string;
}

/** Catches render failures, keeps a report locally, and shows the fallback until Try Again. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error && state.failedKey !== undefined && state.failedKey !== props.resetKey) {
      return { error: null, failedKey: undefined };
    }
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedKey: this.props.resetKey });
    saveErrorReport(
      createErrorReport(error, info.componentStack, {
        now: new Date(),
        userAgent: navigator.userAgent,
        url: window.location.href,
      }),
    );
    console.error('Render failure', error);
  }

  private readonly retry = () => this.setState({ error: null, failedKey: undefined });

  render(): ReactNode {
    if (this.state.error) return <ErrorFallback onRetry={this.retry} />;
    return this.props.children;
  }
}
