import type { MemberDetail } from '@centric/contracts';

/** create: a new household (its first member is the PRIMARY); add: a member of a household; edit: a member. */
export type WizardMode = 'create' | 'add' | 'edit';

/** What every step's footer needs from the wizard. */
export type StepNav = {
  mode: WizardMode;
  isLast: boolean;
  /** Absent on the first step. */
  onBack: (() => void) | undefined;
  onCancel: () => void;
};

/** Props every step gets. `onSave` resolves with the saved member (null when only ids came back). */
export type StepProps<Body> = {
  member: MemberDetail | null;
  nav: StepNav;
  onSave: (body: Body) => Promise<MemberDetail | null>;
  onDirtyChange: (dirty: boolean) => void;
};
