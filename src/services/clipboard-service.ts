import { catchError, defer, from, map, of, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';

/** How a copy to the clipboard ended, as an event for the machine that asked for it. */
export type CopyEvent = { readonly type: 'COPIED' } | { readonly type: 'COPY_FAILED' };

/** What the service needs of the browser's clipboard. */
export type TextClipboard = Pick<Clipboard, 'writeText'>;

/**
 * Writes `text` to `clipboard` and emits how it went, once. No clipboard (a page served over
 * plain http outside localhost has none), a refused permission or any other failure is
 * `COPY_FAILED`: the visitor then selects the address and copies it by hand.
 */
export const copyText = (clipboard: TextClipboard | undefined, text: string): Observable<CopyEvent> =>
  clipboard === undefined
    ? of<CopyEvent>({ type: 'COPY_FAILED' })
    : defer(() => from(clipboard.writeText(text))).pipe(
        map((): CopyEvent => ({ type: 'COPIED' })),
        catchError(() => of<CopyEvent>({ type: 'COPY_FAILED' })),
      );

/** The copy as an actor, writing to the browser's clipboard (read when the copy is asked for). */
export const clipboardActor = fromEventObservable(({ input }: { input: string }) =>
  copyText(typeof navigator === 'undefined' ? undefined : navigator.clipboard, input),
);
