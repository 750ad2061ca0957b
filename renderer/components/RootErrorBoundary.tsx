// The window's last line: an error thrown while a screen renders would otherwise leave a blank window.
// It shows a plain sentence with a Reload button instead, and sends the error to main, which writes it
// to the desk's (redacted) log, so support can see what broke. Errors in event handlers and requests
// are each screen's own business (ErrorNote); this catches what nothing else did.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ask, hasBridge } from '../api';

/** The contract's limits (shared/ipc-requests.ts reportRendererError): longer text is cut, never refused. */
const cut = (text: string | null | undefined, max: number): string | undefined =>
  text ? text.slice(0, max) : undefined;

function CrashScreen() {
  const { t } = useTranslation();
  return (
    <main className="fatal crash-screen" role="alert" data-testid="crash-screen">
      <h1>{t('crashScreen.title')}</h1>
      <p>{t('crashScreen.body')}</p>
      <button type="button" className="primary" onClick={() => window.location.reload()}>
        {t('crashScreen.reload')}
      </button>
    </main>
  );
}

interface State {
  failed: boolean;
}

export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!hasBridge()) return;
    const thrown = error instanceof Error ? error : new Error(String(error));
    void ask('reportRendererError', {
      message: cut(thrown.message, 2000) ?? 'unknown error',
      stack: cut(thrown.stack, 8000),
      componentStack: cut(info.componentStack, 8000),
    }).catch(() => undefined);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
