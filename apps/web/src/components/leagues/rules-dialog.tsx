import { MESSAGES } from '@fantarift/core';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { RulesContent } from './rules-content';

export interface RulesDialogProps {
  leagueName: string;
  rulesText: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * 'join': the rules must be accepted to join ('Rifiuta' / 'Accetto il Regolamento');
   * 'view': reading them again after joining.
   */
  mode: 'join' | 'view';
  onAccept?: () => void;
  onRefuse?: () => void;
  accepting?: boolean;
}

export function RulesDialog({
  leagueName,
  rulesText,
  open,
  onOpenChange,
  mode,
  onAccept,
  onRefuse,
  accepting = false,
}: RulesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Regolamento · {leagueName}</DialogTitle>
          <DialogDescription>
            {mode === 'join'
              ? 'Per unirti a questa lega devi accettare il suo regolamento.'
              : 'Il regolamento che hai accettato per questa lega.'}
          </DialogDescription>
        </DialogHeader>
        <div className="-mx-1 overflow-y-auto rounded-md border bg-muted/30 px-4 py-3">
          {rulesText ? (
            <RulesContent text={rulesText} />
          ) : (
            <p className="text-muted-foreground text-sm">Questa lega non ha un regolamento scritto.</p>
          )}
        </div>
        <DialogFooter>
          {mode === 'join' ? (
            <>
              <Button variant="outline" onClick={onRefuse} disabled={accepting}>
                Rifiuta
              </Button>
              <Button onClick={onAccept} disabled={accepting}>
                {MESSAGES.leagues.acceptRules}
              </Button>
            </>
          ) : (
            <DialogClose asChild>
              <Button variant="outline">Chiudi</Button>
            </DialogClose>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
