import type { TVisitor } from '@sv/contracts';
import { ExclusionModal } from '../exclusions/exclusion-modal';

/**
 * 'Deny & Add Exclusion' (spec 002 §2, §4 DENY; 000 §4 new-exclusion defaults): the one Add
 * Exclusion modal of Manage Exclusions, prefilled with the denied visitor and linked to them.
 */
export function AddExclusionModal(props: {
  opened: boolean;
  visitor: TVisitor;
  buildingId: number | null;
  onClose: (saved: boolean) => void;
}) {
  return (
    <ExclusionModal
      target={props.opened ? 'new' : null}
      visitor={props.visitor}
      deskBuildingId={props.buildingId}
      defaultClientId={props.visitor.clientId}
      onClose={props.onClose}
    />
  );
}
