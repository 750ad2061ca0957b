// Taking an answer back (Undo, one or a batch) and sending it at once, and the grace period's setting.
// An answer can be taken back until a request carrying it may have reached the service; after that the
// person is told plainly what to do instead (call the agency, or change it in the service's web panel).
import type { Handlers } from '../../shared/ipc';
import { DeskError } from '../kernel/ipc-dispatch';
import { refusalSentence } from '../kernel/messages';
import { DecisionRefused } from '../store';
import { answerSettings, saveAnswerSettings } from './answer-settings';
import type { DeskContext } from './context';

type AnswerHandlers = Pick<
  Handlers,
  'undoDecision' | 'undoMany' | 'sendDecisionNow' | 'getAnswerSettings' | 'saveAnswerSettings'
>;

export function answerHandlers(ctx: DeskContext): AnswerHandlers {
  const undo = async (keyField: string): Promise<boolean> => {
    try {
      await ctx.workStore().undoDecision(keyField);
      ctx.emit('decisionChanged', { keyField, decision: null });
      return true;
    } catch (error) {
      if (error instanceof DecisionRefused) return false;
      throw error;
    }
  };

  return {
    undoDecision: async ({ keyField }) => {
      if (!(await undo(keyField)))
        throw new DeskError('conflict', refusalSentence(ctx.messages, 'too-late-to-undo'));
      ctx.emit('syncStatus', ctx.status());
      return ctx.workStore().decisionFor(keyField);
    },

    undoMany: async ({ keyFields }) => {
      let undone = 0;
      for (const keyField of new Set(keyFields)) if (await undo(keyField)) undone++;
      ctx.emit('syncStatus', ctx.status());
      return { undone, tooLate: new Set(keyFields).size - undone };
    },

    sendDecisionNow: async ({ keyField }) => {
      await ctx.workStore().sendDecisionNow(keyField);
      ctx.pushSoon();
      return ctx.workStore().decisionFor(keyField);
    },

    getAnswerSettings: async () => answerSettings(ctx.workStore(), ctx.answerGraceDefaultSeconds),

    saveAnswerSettings: async (settings) =>
      saveAnswerSettings(ctx.workStore(), settings, ctx.answerGraceDefaultSeconds),
  };
}
