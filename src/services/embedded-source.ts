import { of, throwError } from 'rxjs';
import type { EmbeddedAnswers } from './embedded-answers';
import type { AnswerSource } from './http';

/**
 * A source that answers each embedded path once, at once (so the machine settles before
 * React hydrates), and leaves every other call, and any later call of the same path, to the API.
 */
export const embeddedSource = (base: string, embedded: EmbeddedAnswers): AnswerSource => {
  const left = new Map(Object.entries(embedded.answers));
  const failed = new Map(Object.entries(embedded.failures ?? {}));
  return {
    base,
    answer: (path) => {
      const failure = failed.get(path);
      if (failure !== undefined) {
        failed.delete(path);
        return throwError(() => failure);
      }
      if (!left.has(path)) return undefined;
      const body = left.get(path);
      left.delete(path);
      return of(body);
    },
  };
};
