import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { RootErrorBoundary } from './components/RootErrorBoundary';
import { guessLanguage, startI18n } from './i18n';
import './styles/app.css';

startI18n(guessLanguage());
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RootErrorBoundary>
        <App />
      </RootErrorBoundary>
    </StrictMode>,
  );
}
