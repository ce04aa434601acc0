import { Button } from './button.tsx';

/**
 * Save and Cancel under an inline edit (one item at a time). While saving, Save is marked unavailable
 * rather than disabled: disabling the button that holds the keyboard focus would drop the focus onto
 * the page. A press meanwhile (or Enter in a field) sends nothing more.
 */
export function EditActions({ saving, onCancel }: { saving: boolean; onCancel(): void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="submit"
        variant="secondary"
        aria-disabled={saving || undefined}
        onClick={saving ? (event) => event.preventDefault() : undefined}
        className="aria-disabled:cursor-not-allowed aria-disabled:bg-stone-500"
      >
        {saving ? 'Saving...' : 'Save'}
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
    </div>
  );
}
