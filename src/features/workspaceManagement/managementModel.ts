import type { ManagementMode, ManagementState } from './managementSlice';

/** SPEC §5: the mode is edit or create; absent means edit; anything else is refused. */
export function parseMode(raw: string | null): ManagementMode | { invalid: string } {
  if (raw === null || raw === '') return 'edit';
  return raw === 'edit' || raw === 'create' ? raw : { invalid: raw };
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** SPEC §4: create mode is dirty once anything is chosen or named; edit mode when it differs. */
export function isDirty(s: ManagementState): boolean {
  if (s.mode === 'create') {
    return s.selectedExperts.length > 0 || s.selectedProviders.length > 0 || s.name.trim() !== '';
  }
  return (
    !sameSet(s.selectedExperts, s.originalExperts) ||
    !sameSet(s.selectedProviders, s.originalProviders) ||
    s.name.trim() !== s.originalName.trim()
  );
}

export interface EditPlan {
  /** Sent only if non-blank and changed (SPEC §5), trimmed. */
  rename?: string;
  removeExperts: string[];
  addExperts: string[];
  removeProviders: string[];
  addProviders: string[];
}

export function editPlan(s: ManagementState): EditPlan {
  const name = s.name.trim();
  return {
    ...(name && name !== s.originalName.trim() ? { rename: name } : {}),
    removeExperts: s.originalExperts.filter((id) => !s.selectedExperts.includes(id)),
    addExperts: s.selectedExperts.filter((id) => !s.originalExperts.includes(id)),
    removeProviders: s.originalProviders.filter((n) => !s.selectedProviders.includes(n)),
    addProviders: s.selectedProviders.filter((n) => !s.originalProviders.includes(n)),
  };
}

export function isEmptyPlan(p: EditPlan): boolean {
  return (
    p.rename === undefined &&
    !p.removeExperts.length &&
    !p.addExperts.length &&
    !p.removeProviders.length &&
    !p.addProviders.length
  );
}

/** The tool name shown without its first underscore-separated prefix (SPEC §2): calc_evaluate → evaluate. */
export function toolDisplayName(name: string): string {
  const i = name.indexOf('_');
  return i >= 0 && i < name.length - 1 ? name.slice(i + 1) : name;
}
