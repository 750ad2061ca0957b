// How main tells the receptionist about an error nobody caught: one native box in the desk's language,
// saying what to do. A box, not a notification: it is seen even when notifications are off or the window
// is hidden, and it needs nothing from the page, which may be what broke.
import { dialog } from 'electron';
import type { Messages } from '../kernel/messages';

export function crashDialog(words: Pick<Messages, 't'>): () => void {
  return () => dialog.showErrorBox(words.t('crash.title'), words.t('crash.body'));
}
