import { createMachine, type AnyStateMachine } from 'xstate';

type NodeConfig = { invoke?: unknown; states?: Record<string, NodeConfig> } & Record<string, unknown>;

const strip = ({ invoke: _invoke, states, ...rest }: NodeConfig): NodeConfig => ({
  ...rest,
  ...(states ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, strip(child)])) } : {}),
});

/**
 * The same machine with every `invoke` removed, which `createTestModel` can walk: the
 * services report with plain events, which the model test feeds in their place.
 */
export const withoutInvocations = <M extends AnyStateMachine>(machine: M): M =>
  createMachine(strip(machine.config as NodeConfig) as never, machine.implementations as never) as unknown as M;
