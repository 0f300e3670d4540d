import { describe, expect, it, vi } from 'vitest';
import type { Resolver, ResolverResult } from 'react-hook-form';
import { lazyResolver } from './lazyResolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const real: Resolver<Values> = async (values): Promise<ResolverResult<Values>> =>
  values.name ? { values, errors: {} } : { values: {}, errors: { name: { type: 'required', message: 'Name is required' } } };

describe('lazyResolver (validation code loads after the form is usable)', () => {
  it('loads the real resolver once, on preload or first use, and returns its answers', async () => {
    const load = vi.fn(async () => real);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await resolver.preload();
    expect(await resolver({ name: '' }, undefined, options)).toEqual({ values: {}, errors: { name: { type: 'required', message: 'Name is required' } } });
    expect(await resolver({ name: 'Dana' }, undefined, options)).toEqual({ values: { name: 'Dana' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects a validation whose load failed (e.g. offline), and loads again next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(real);
    const resolver = lazyResolver<Values, unknown, Values>(load);
    await expect(resolver.preload()).resolves.toBeUndefined(); // never rejects
    expect(await resolver({ name: 'Dana' }, undefined, options)).toEqual({ values: { name: 'Dana' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
