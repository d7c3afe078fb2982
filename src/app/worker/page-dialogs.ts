/** The dialogs a call opens on the page (approval, a question, a confirmation), each waiting for its answer. */
import type { ExecutionServiceOptions } from '../../core/runtime/service-types';
import type { UserInteraction } from '../../core/runtime/types';
import type { WorkerToPageMessage } from './protocol';

type DialogAnswer = {
  approved?: boolean;
  args?: Record<string, unknown>;
  answer?: string | null;
  confirmed?: boolean;
};

export interface PageDialogs {
  /** Post a dialog to the page and wait for its answer; a cancelled call closes it. */
  open<T>(
    signal: AbortSignal,
    message: WorkerToPageMessage & { dialogId: string; callId: string },
    read: (answer: DialogAnswer) => T,
    onAbort: () => T | Error,
  ): Promise<T>;
  /** The page answered; an answer to a dialog already closed is dropped. */
  answer(dialogId: string, answer: DialogAnswer): void;
}

export function createPageDialogs(post: (message: WorkerToPageMessage) => void): PageDialogs {
  const dialogs = new Map<string, (answer: DialogAnswer) => void>();
  return {
    open<T>(
      signal: AbortSignal,
      message: WorkerToPageMessage & { dialogId: string; callId: string },
      read: (answer: DialogAnswer) => T,
      onAbort: () => T | Error,
    ): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const dialogId = message.dialogId;
        const abort = (): void => {
          dialogs.delete(dialogId);
          post({ type: 'dialog-closed', dialogId, callId: message.callId });
          const outcome = onAbort();
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        };
        if (signal.aborted) {
          abort();
          return;
        }
        signal.addEventListener('abort', abort, { once: true });
        dialogs.set(dialogId, (answer) => {
          signal.removeEventListener('abort', abort);
          dialogs.delete(dialogId);
          resolve(read(answer));
        });
        post(message);
      });
    },
    answer(dialogId, answer) {
      dialogs.get(dialogId)?.(answer);
    },
  };
}

/** For describe(): nothing runs, so nobody is asked. */
export const refusingInteraction: UserInteraction = {
  ask: () => Promise.reject(new Error('No questions while describing a call')),
  confirm: () => Promise.resolve(false),
};

/** A signal that aborts when either does. */
function anySignal(first: AbortSignal, second: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([first, second]);
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  if (first.aborted || second.aborted) abort();
  first.addEventListener('abort', abort, { once: true });
  second.addEventListener('abort', abort, { once: true });
  return controller.signal;
}

type Approve = NonNullable<ExecutionServiceOptions['approve']>;

/** One call's questions, confirmations and approval, as page dialogs that end when the call is cancelled. */
export function callDialogs(
  dialogs: PageDialogs,
  callId: string,
  signal: AbortSignal,
  nextDialogId: () => string,
): { interaction: UserInteraction; approve: Approve } {
  const interaction: UserInteraction = {
    ask: (question, choices, defaultOption, handlerSignal) =>
      dialogs.open(
        anySignal(signal, handlerSignal),
        {
          type: 'ask-request',
          dialogId: nextDialogId(),
          callId,
          question,
          options: choices,
          defaultOption,
        },
        (answer) => {
          if (typeof answer.answer !== 'string') throw new Error('The question was dismissed without an answer');
          return answer.answer;
        },
        () => new Error('The question was cancelled'),
      ),
    confirm: (action, destructive, handlerSignal) =>
      dialogs.open(
        anySignal(signal, handlerSignal),
        { type: 'confirm-request', dialogId: nextDialogId(), callId, action, destructive },
        (answer) => answer.confirmed === true,
        () => false,
      ),
  };

  const approve: Approve = (request) =>
    dialogs.open(
      signal,
      {
        type: 'approval-request',
        dialogId: nextDialogId(),
        callId,
        tool: request.tool.name,
        summary: request.summary,
        risk: request.risk,
        ...(request.reason ? { reason: request.reason } : {}),
        args: request.args,
      },
      (answer) =>
        answer.approved === true ? (answer.args !== undefined ? { approved: true, args: answer.args } : true) : false,
      () => false,
    );
  return { interaction, approve };
}
