// The ids of a file's passages, given out in reading order as GitHub gives out heading anchors.

/**
 * `claim(id, renumber)`: `id` when it is free, else, as GitHub numbers a repeated anchor, the first free
 * of `id-1`, `id-2`, … (a changelog's second `Bug Fixes` under one release): nothing of the file is lost
 * for a name. An anchor the author wrote is theirs: used as written, and a clash of it is reported, not
 * renamed. Ids are only ever taken, never freed, so every `id-n` probed once stays taken: the search
 * for `id` resumes where the last one stopped, and n equal headings cost n probes, not n² / 2.
 */
export function idClaimer(): (id: string, renumber: boolean) => string {
  // Every id the file's passages have taken so far, parts included.
  const taken = new Set<string>();
  // The n to try first for a taken id: every `id-m` below it is taken.
  const nextSuffix = new Map<string, number>();
  return (id, renumber) => {
    let free = id;
    if (renumber && taken.has(id)) {
      let n = nextSuffix.get(id) ?? 1;
      while (taken.has(`${id}-${n}`)) n++;
      free = `${id}-${n}`;
      nextSuffix.set(id, n + 1);
    }
    taken.add(free);
    return free;
  };
}
