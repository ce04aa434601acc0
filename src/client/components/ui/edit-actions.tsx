import { Button } from './button.tsx';

/** Save and Cancel under an inline edit (one item at a time). */
export function EditActions({ saving, onCancel }: { saving: boolean; onCancel(): void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant="secondary" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
    </div>
  );
}
