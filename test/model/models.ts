import type { EventObject } from 'xstate';
import { agendaModel } from './agenda-model';
import { directoryModel } from './directory-model';
import type { MachineModel } from './machine-model';

/** Every machine of the product, as its model-based tests walk it. */
export const MODELS: readonly MachineModel<EventObject>[] = [
  directoryModel as unknown as MachineModel<EventObject>,
  agendaModel as unknown as MachineModel<EventObject>,
];
