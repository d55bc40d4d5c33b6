// What every route is given: settings, the open dataset, the clock.
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { ApiError } from './errors.js';

export interface RouteContext {
  readonly config: Config;
  /** The dataset being served, or null while none is open. */
  readonly dataset: () => Store | null;
  readonly clock: () => Date;
}

export function openDataset(context: RouteContext): Store {
  const store = context.dataset();
  if (store === null) throw new ApiError('service_unavailable');
  return store;
}
