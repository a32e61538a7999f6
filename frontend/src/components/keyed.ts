/**
 * React keys for items without an id, from what each item says. Items that say the same get
 * "#2", "#3"…: being alike, which is which does not matter. Index keys would instead re-key every
 * item when one is added on top (the log, newest first) and move an open accordion to another issue.
 */
export function keyed<T>(items: readonly T[], identity: (item: T) => string): { key: string; item: T }[] {
  const seen = new Map<string, number>()
  return items.map((item) => {
    const base = identity(item)
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return { key: count === 1 ? base : `${base}#${count}`, item }
  })
}
