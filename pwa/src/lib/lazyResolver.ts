import type { FieldValues, Resolver } from 'react-hook-form';
import { lazyModule } from './lazyModule';

/** A react-hook-form resolver that loads its code on first use, plus {@link LazyResolver.preload}. */
export type LazyResolver<TValues extends FieldValues, TContext, TOut> = Resolver<TValues, TContext, TOut> & {
  /** Starts loading now (e.g. when the form is idle), so the first submit does not wait. Never rejects. */
  preload(): Promise<void>;
};

/**
 * Wraps a dynamically imported resolver (e.g. `zodResolver(schema)` in its own module), so a form
 * is usable before the schema library arrives (zod is ~25 KB gzip). react-hook-form
 * awaits resolvers anyway, so validation works the same; the first validation waits for the module
 * when {@link LazyResolver.preload} has not finished. A failed load (offline before the module was
 * ever fetched) is retried on the next validation and rejects that one.
 * @param load resolves to the real resolver, e.g. `() => import('./loginResolver').then((m) => m.loginResolver)`.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOut>(
  load: () => Promise<Resolver<TValues, TContext, TOut>>,
): LazyResolver<TValues, TContext, TOut> {
  const get = lazyModule(load);
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as LazyResolver<TValues, TContext, TOut>;
  resolver.preload = () => get().then(
    () => undefined,
    () => undefined,
  );
  return resolver;
}
