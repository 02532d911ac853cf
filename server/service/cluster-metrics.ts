import cluster, { type Worker } from 'node:cluster';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { AggregatorRegistry } from 'prom-client';
import type { MetricsText } from './metrics-routes';

/**
 * `/metrics` under `WORKERS=n`: the worker that a collector reaches asks the primary over the
 * cluster's channel, the primary gathers every worker's figures (prom-client's `AggregatorRegistry`,
 * which asks each over the same channel) and sends the sum back. Counters and histograms add up;
 * the process figures are summed or averaged as prom-client says for each.
 */

// The messages of this file; prom-client's own (`prom-client:…`) and cluster's (`NODE_CLUSTER`) pass beside them.
const ASK = 'site:metrics-ask';
const ANSWER = 'site:metrics-answer';

const Ask = t.type({ type: t.literal(ASK), id: t.number });
const Answer = t.type({ type: t.literal(ANSWER), id: t.number, contentType: t.string, text: t.string });
const Failure = t.type({ type: t.literal(ANSWER), id: t.number, error: t.string });

// Longer than prom-client's own wait for the workers (5 s), so that its error is the one said.
const ANSWER_WAIT_MS = 6_000;

/** In the primary: answers each worker's request for the figures of all. Call once, before forking. */
export const answerClusterMetrics = (): void => {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    const ask = Ask.decode(message);
    if (!isRight(ask)) return;
    const { id } = ask.right;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, contentType: aggregator.contentType, text }),
      (error: unknown) => worker.send({ type: ANSWER, id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
};

/** In a worker: the figures of every worker, asked of the primary; fails when it does not answer within 6 s. */
export const clusterMetricsReader = (): (() => Promise<MetricsText>) => {
  // Made in the worker, prom-client's registry answers the primary's requests for this process's figures.
  const own = new AggregatorRegistry();
  const waiting = new Map<number, { done: (text: MetricsText) => void; fail: (error: Error) => void }>();
  let next = 0;
  process.on('message', (message: unknown) => {
    const failure = Failure.decode(message);
    if (isRight(failure)) {
      waiting.get(failure.right.id)?.fail(new Error(`the primary could not gather the workers' figures: ${failure.right.error}`));
      waiting.delete(failure.right.id);
      return;
    }
    const answer = Answer.decode(message);
    if (!isRight(answer)) return;
    waiting.get(answer.right.id)?.done({ contentType: answer.right.contentType || own.contentType, text: answer.right.text });
    waiting.delete(answer.right.id);
  });
  return () =>
    new Promise<MetricsText>((done, fail) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        fail(new Error(`the primary gave no figures within ${ANSWER_WAIT_MS / 1000} s`));
      }, ANSWER_WAIT_MS);
      waiting.set(id, {
        done: (text) => {
          clearTimeout(timer);
          done(text);
        },
        fail: (error) => {
          clearTimeout(timer);
          fail(error);
        },
      });
      process.send?.({ type: ASK, id });
    });
};
