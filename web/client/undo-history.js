// The page's own undo and redo (C4; the app's UndoHistory): only its own steps are here. A step
// holds, per target (an emoji's field, or the background), the value before and after it.

export function targetKey(target) {
  return target.background ? 'background' : `${target.cid}\u0000${target.field}`;
}

export function sameValue(left, right) {
  return JSON.stringify(left) === JSON.stringify(right);
}

export class UndoHistory {
  constructor() {
    this.undoSteps = [];
    this.redoSteps = [];
  }

  get undoName() {
    return this.undoSteps.at(-1)?.name ?? null;
  }

  get redoName() {
    return this.redoSteps.at(-1)?.name ?? null;
  }

  /** A new action: clears redo; with `joining`, folds into the last step keeping each first `before`. */
  record(step, joining) {
    this.redoSteps = [];
    if (step.changes.length === 0) return;
    const last = joining ? this.undoSteps.pop() : undefined;
    if (last === undefined) {
      this.undoSteps.push(step);
      return;
    }
    for (const change of step.changes) {
      const existing = last.changes.find((candidate) => targetKey(candidate.target) === targetKey(change.target));
      if (existing) existing.after = change.after;
      else last.changes.push(change);
    }
    last.changes = last.changes.filter((change) => !sameValue(change.before, change.after));
    if (last.changes.length > 0) this.undoSteps.push(last);
  }
}
