/** What other features may use of this one; everything else in the folder is its own. */
export { fileStatusColor } from './components/app-file-status.tsx';
export { ChecklistCard } from './components/checklist-card.tsx';
export { FormStatusBadges } from './components/form-status-badges.tsx';
export { SignDialog } from './components/sign-dialog.tsx';
