import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address (so back, reload and a shared link show the same
 * page): `set` writes one and goes back to the first page, `goTo` changes the page (from 0,
 * like the API and the kit's Pager).
 */
export function useFilterParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page')) || 0);
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const filter = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as Partial<Record<K, string>>;
  const set = (key: K, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  };
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { page, values, filter, set, goTo, clear };
}
