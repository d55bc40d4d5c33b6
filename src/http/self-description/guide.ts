// /llms.txt for the dataset being served: built from the dataset when first asked for, again for a new dataset,
// and each Japanese day (the example answers hold statuses computed against today).
import type { Store } from '../../store/store.js';
import type { RouteContext } from '../../api/endpoint.js';
import { japanDate } from '../../domain/dates.js';
import { fullGuide } from './guide-full.js';
import { guideExamples } from './guide-examples.js';

const built = new WeakMap<Store, { readonly day: string; readonly text: string }>();

export function guideText(context: RouteContext): string {
  const store = context.dataset();
  if (store === null) return fullGuide(context.config);
  const day = japanDate(context.clock());
  const cached = built.get(store);
  if (cached?.day === day) return cached.text;
  const text = fullGuide(context.config, { dataset: store.meta, examples: guideExamples(context, store) });
  built.set(store, { day, text });
  return text;
}
