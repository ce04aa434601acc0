// Asked when another card's Edit is pressed while an inline edit holds unsaved changes (one edit at a
// time): keep editing, or drop the changes and edit the other card. Either way the focus goes to the
// edit that stays open. Its code loads when it first opens.
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';

export function DiscardEditDialog({
  editing,
  onKeep,
  onDiscard,
  focusAfterClose,
}: {
  /** The title of the card whose edit holds the changes; null while nothing is asked. */
  editing: string | null;
  onKeep(): void;
  onDiscard(): void;
  focusAfterClose(): HTMLElement | null | undefined;
}) {
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(open) => !open && onKeep()}
      role="alertdialog"
      title={`Discard the changes to ${editing ?? 'this report'}?`}
      description="Its changes have not been saved. Only one report is edited at a time."
      size="sm"
      focusAfterClose={focusAfterClose}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onKeep}>
          Keep editing
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          Discard changes
        </Button>
      </div>
    </Dialog>
  );
}
